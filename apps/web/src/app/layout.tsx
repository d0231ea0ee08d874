/**
 * @module The frame of every screen: a "skip to content" link, the header (the home link, the
 * active organization switcher, the development outbox, language, color scheme and the user's
 * menu), the impersonation banner, then the screen. The user's pages sit in the user menu, so the
 * header keeps to one row at phone width even in the longest language.
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from '../lib/router';
import { ColorSchemeMenu } from '../components/color-scheme-menu';
import { KeyIcon } from '../components/key-icon';
import { LanguageMenu } from '../components/language-menu';
import { SkipLink, SKIP_TARGET_ID } from '../components/skip-link';
import { UserMenu } from '../components/user-menu';
import { ImpersonationBanner } from '../features/admin/components/impersonation-banner';
import { OutboxLink } from '../features/dev-outbox/components/outbox-link';
import { OrganizationSwitcher } from '../features/organization/components/organization-switcher';
import { useSession } from '../lib/auth';
import { Loading } from './guards';

export function Layout() {
  const { t } = useTranslation();
  const { data } = useSession();
  const user = data?.user;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar position="static" component="header">
        <Toolbar
          sx={{ flexWrap: 'wrap', columnGap: { xs: 0, sm: 1 }, px: { xs: 0.5, sm: 2 } }}
          component="nav"
          aria-label={t('nav.label')}
        >
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            aria-label="Latchkey"
            sx={{ color: 'inherit', textDecoration: 'none', mr: { xs: 0, sm: 2 }, borderRadius: 1, display: 'flex' }}
          >
            {/* At phone width the key alone: the word would push the header onto a second row. */}
            <KeyIcon sx={{ display: { xs: 'block', sm: 'none' }, m: 1 }} />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Latchkey
            </Box>
          </Typography>
          {user && (
            // The user menu has it too; at phone width only there.
            <Button
              color="inherit"
              component={RouterLink}
              to="/organizations"
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              {t('nav.organizations')}
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {/* Each feature's texts load with it (react-i18next suspends until they arrive). */}
          <Suspense fallback={null}>{user && <OrganizationSwitcher />}</Suspense>
          <Suspense fallback={null}>
            <OutboxLink />
          </Suspense>
          <LanguageMenu />
          <ColorSchemeMenu />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Button color="inherit" component={RouterLink} to="/sign-in">
              {t('nav.signIn')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Suspense fallback={null}>
        <ImpersonationBanner />
      </Suspense>
      <Box component="main" id={SKIP_TARGET_ID} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
        {/* A screen whose texts are still on their way shows the spinner, the header staying. */}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
