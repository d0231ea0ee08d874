/**
 * @module "Sign in again" for actions that need a fresh session (SPEC §6: delete-user without a
 * password, unlink-account). Signing out first makes the next sign-in create a new, fresh
 * session; the sign-in page then returns to the action.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { useSignOut } from '../../../lib/auth';
import { signInPath } from '../../../lib/safe-redirect';

export function ReauthenticatePrompt({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('account');
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signInAgain = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate(signInPath(returnTo), { replace: true }),
  });
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ my: 2 }}
      action={
        <Button color="inherit" size="small" disabled={!signInAgain.isIdle} onClick={() => signInAgain.mutate()}>
          {t('reauth.signInAgain')}
        </Button>
      }
    >
      {t('reauth.text')}
    </Alert>
  );
}
