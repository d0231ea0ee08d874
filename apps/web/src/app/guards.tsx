/**
 * @module Route guards. Without a session a screen redirects to sign-in, which comes back to it
 * afterwards (and says why when the server ended the session under the screen); admin screens are
 * refused (and their links hidden) to anyone whose role does not hold their permission
 * (admin-access.ts). The server refuses the calls
 * anyway: these guards are for the people, not for security.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from '../lib/router';
import { Page } from '../components/page';
import { ServerError } from '../components/server-error';
import { useSession } from '../lib/auth';
import { useAdminAccess } from '../lib/admin-access';
import { signInPath } from '../lib/safe-redirect';
import { useSessionEnded, type SignInState } from '../lib/session-end';

export function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

export function RequireSession() {
  const { data, error, isPending } = useSession();
  const ended = useSessionEnded();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (error && error.status !== 401) return <ServerError error={error} />;
  if (!data) {
    const state: SignInState | undefined = ended ? { sessionEnded: true } : undefined;
    return <Navigate to={signInPath(location.pathname + location.search)} state={state} replace />;
  }
  return <Outlet />;
}

/** The console for anyone who may open one of its screens; each screen checks its own. */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { screens, isPending } = useAdminAccess();
  if (isPending) return <Loading />;
  if (screens.length === 0) {
    return (
      <Page title={t('forbidden.title')}>
        <ServerError error={{ code: 'FORBIDDEN', message: t('forbidden.text') }} />
      </Page>
    );
  }
  return <Outlet />;
}

/** The root path: the account when signed in, else sign-in. */
export function Home() {
  const { data, isPending } = useSession();
  if (isPending) return <Loading />;
  return <Navigate to={data ? '/account' : '/sign-in'} replace />;
}
