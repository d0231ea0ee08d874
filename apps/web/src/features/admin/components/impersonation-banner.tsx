/**
 * @module Shown on every page while an admin impersonates a user (the session carries
 * `impersonatedBy`): whom the admin is acting as, and the way back to their own session and to
 * that user's page in the console. It is hard to miss on purpose: every action taken is the user's.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { clientErrorOf } from '../../../lib/unwrap';
import { useStopImpersonating } from '../api/stop-impersonating';

type SessionUser = NonNullable<ReturnType<typeof useSession>['data']>['user'];

export function ImpersonationBanner() {
  const { data } = useSession();
  if (!data?.session.impersonatedBy) return null;
  return <Banner user={data.user} />;
}

/** Apart from the check, so that only an impersonating admin's pages load the admin texts. */
function Banner({ user }: { user: SessionUser }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const stop = useStopImpersonating();
  const error = clientErrorOf(stop.error);

  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="region"
      aria-label={t('impersonate.bannerLabel')}
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } },
      }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          disabled={stop.isPending}
          aria-busy={stop.isPending}
          startIcon={stop.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
          onClick={() =>
            stop.mutateAsync().then(
              // The user's id from before the stop: once it ends, the session is the admin's.
              () => navigate(`/admin/users/${encodeURIComponent(user.id)}`),
              () => undefined,
            )
          }
        >
          {t('impersonate.stop')}
        </Button>
      }
    >
      {t('impersonate.banner', { name: user.name || user.email, email: user.email })}
      {error && <div role="alert">{errorMessage(t, error)}</div>}
    </Alert>
  );
}
