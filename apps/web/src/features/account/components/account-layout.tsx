/**
 * @module The account area's frame: the page heading, a list of its sections (a column beside the
 * section on wide screens, a wrapping row above it at phone width) and the open section. The
 * document title names the section, so browser history and tabs tell them apart.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from '../../../lib/router';
import { Page } from '../../../components/page';

export const ACCOUNT_SECTIONS = [
  { path: '/account', key: 'profile' },
  { path: '/account/email', key: 'email' },
  { path: '/account/password', key: 'password' },
  { path: '/account/security', key: 'security' },
  { path: '/account/sessions', key: 'sessions' },
  { path: '/account/activity', key: 'activity' },
  { path: '/account/linked', key: 'linked' },
  { path: '/account/applications', key: 'applications' },
  { path: '/account/delete', key: 'delete' },
] as const;

export function AccountLayout() {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const current =
    ACCOUNT_SECTIONS.find((section) => section.path === pathname.replace(/\/+$/, '')) ?? ACCOUNT_SECTIONS[0];
  const sectionTitle = t(`nav.${current.key}`);
  const title = t('title');

  // Runs after <Page>'s own effect (children's effects run first), so this title wins.
  useEffect(() => {
    document.title = `${sectionTitle} · ${title} · Latchkey`;
  }, [sectionTitle, title]);

  return (
    <Page title={title}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: { xs: 2, md: 4 },
          alignItems: 'flex-start',
        }}
      >
        <Box
          component="nav"
          aria-label={t('nav.label')}
          sx={{ flex: { md: '0 0 200px' }, width: { xs: '100%', md: 'auto' } }}
        >
          <Box
            component="ul"
            sx={{
              display: 'flex',
              flexDirection: { xs: 'row', md: 'column' },
              flexWrap: 'wrap',
              gap: 0.5,
              listStyle: 'none',
              m: 0,
              p: 0,
            }}
          >
            {ACCOUNT_SECTIONS.map((section) => (
              <li key={section.key}>
                <Button
                  component={NavLink}
                  to={section.path}
                  end
                  color={section.key === 'delete' ? 'error' : 'inherit'}
                  sx={{
                    justifyContent: 'flex-start',
                    width: { md: '100%' },
                    textTransform: 'none',
                    '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
                  }}
                >
                  {t(`nav.${section.key}`)}
                </Button>
              </li>
            ))}
          </Box>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Outlet />
        </Box>
      </Box>
    </Page>
  );
}
