/**
 * @module The frame of every screen: the header (navigation, the active organization switcher,
 * language, the user's menu), the impersonation banner, then the screen. At phone width the
 * header wraps instead of hiding anything.
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { LanguageMenu } from '../components/language-menu';
import { ImpersonationBanner } from '../features/admin/components/impersonation-banner';
import { OutboxLink } from '../features/dev-outbox/components/outbox-link';
import { OrganizationSwitcher } from '../features/organization/components/organization-switcher';
import { useSession, useSignOut } from '../lib/auth';
import { isPlatformAdmin } from '../lib/roles';

export function Layout() {
  const { t } = useTranslation();
  const { data } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const user = data?.user;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <AppBar position="static" component="header">
        <Toolbar sx={{ flexWrap: 'wrap', gap: 1, py: { xs: 1, sm: 0 } }} component="nav" aria-label={t('nav.label')}>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            sx={{ color: 'inherit', textDecoration: 'none', mr: 2 }}
          >
            Latchkey
          </Typography>
          {user && (
            <>
              <Button color="inherit" component={RouterLink} to="/account">
                {t('nav.account')}
              </Button>
              <Button color="inherit" component={RouterLink} to="/organizations">
                {t('nav.organizations')}
              </Button>
              {isPlatformAdmin(user) && (
                <Button color="inherit" component={RouterLink} to="/admin/users">
                  {t('nav.admin')}
                </Button>
              )}
            </>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {user && <OrganizationSwitcher />}
          <OutboxLink />
          <LanguageMenu />
          {user ? (
            <Button
              color="inherit"
              onClick={async () => {
                await signOut();
                navigate('/sign-in');
              }}
            >
              {t('nav.signOut')}
            </Button>
          ) : (
            <Button color="inherit" component={RouterLink} to="/sign-in">
              {t('nav.signIn')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <ImpersonationBanner />
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
