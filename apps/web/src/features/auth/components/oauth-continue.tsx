/**
 * @module The sign-in page of an application's authorization request (`?client_id=…&sig=…`), for
 * what is not a form: "Continue as …" for someone already signed in (or "use another account",
 * which signs out and shows the form), and the wait while the browser leaves for the request's
 * next page (consent, or the application itself).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient, useSignOut } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { continueAuthorization } from '../api/continue-authorization';

export function LeavingForApplication() {
  const { t } = useTranslation('auth');
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{t('oauth.leaving')}</Typography>
    </Box>
  );
}

export interface ContinueAsProps {
  oauthQuery: string;
  user: { name: string; email: string };
  onLeaving(): void;
}

export function ContinueAs({ oauthQuery, user, onLeaving }: ContinueAsProps) {
  const { t } = useTranslation('auth');
  const client = useAuthClient();
  const signOut = useSignOut();
  const proceed = useMutation({ mutationFn: () => continueAuthorization(client, oauthQuery), onSuccess: onLeaving });
  const switchAccount = useMutation({ mutationFn: signOut });
  return (
    <Stack spacing={2}>
      <Typography>{t('oauth.signedInAs', { name: user.name || user.email, email: user.email })}</Typography>
      <ServerError error={clientErrorOf(proceed.error ?? switchAccount.error)} />
      <SubmitButton type="button" fullWidth pending={proceed.isPending} onClick={() => proceed.mutate()}>
        {t('oauth.continueAs', { name: user.name || user.email })}
      </SubmitButton>
      <Button variant="text" disabled={switchAccount.isPending} onClick={() => switchAccount.mutate()}>
        {t('oauth.useAnotherAccount')}
      </Button>
    </Stack>
  );
}
