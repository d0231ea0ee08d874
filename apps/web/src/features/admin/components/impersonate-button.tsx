/**
 * @module "Sign in as this user": the browser's session becomes the user's (the banner then shows
 * on every page until the admin stops), and the app goes to the user's account page.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useImpersonateUser } from '../api/impersonate-user';

export function ImpersonateButton({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const impersonate = useImpersonateUser();
  return (
    <Box>
      <Button
        variant="outlined"
        disabled={impersonate.isPending}
        aria-busy={impersonate.isPending}
        startIcon={impersonate.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        onClick={() =>
          // Not mutate's own onSuccess: once the session is the user's, the admin guard unmounts
          // this page, and TanStack Query skips the callbacks of an unmounted caller. A failure
          // is shown from impersonate.error.
          impersonate.mutateAsync(userId).then(
            () => navigate('/account'),
            () => undefined,
          )
        }
      >
        {t('impersonate.start')}
      </Button>
      <ServerError error={clientErrorOf(impersonate.error)} />
    </Box>
  );
}
