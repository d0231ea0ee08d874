/**
 * @module "Sign in with a passkey", above the password form (as the providers' buttons, so it never
 * slips from under the pointer when a field below shows its error), and the autofill ceremony of
 * the e-mail field (`lib/passkey-autofill.ts`). A prompt the user closed or let time out is said
 * plainly, as is a browser without passkeys and one that answers at once that it holds none
 * (`NoPasskeyError`); the server's refusals in its words. On success the page goes where a password
 * sign-in goes (`onSignedIn`). Where passkeys cannot work (no WebAuthn, a page opened by IP
 * address: `lib/passkey-availability.ts`) the button is not offered.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyIcon } from '../../../components/key-icon';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { passkeyUnavailable } from '../../../lib/passkey-availability';
import { clientErrorOf } from '../../../lib/unwrap';
import { ceremonyFailureOf } from '../../../lib/webauthn-failure';
import { NoPasskeyError, signInWithPasskey } from '../api/sign-in-passkey';
import { usePasskeyAutofill } from '../lib/passkey-autofill';

export interface PasskeySignInProps {
  /** The signed authorization request the page was opened with, resumed by the sign-in. */
  oauthQuery?: string | null;
  /** `answer`: the server's; `{redirect: true, url}` when it resumed an authorization request. */
  onSignedIn(answer: unknown): void | Promise<void>;
}

export function PasskeySignIn({ oauthQuery = null, onSignedIn }: PasskeySignInProps) {
  const { t } = useTranslation('auth');
  const client = useAuthClient();
  const [round, setRound] = useState(0);
  const takeOver = usePasskeyAutofill(onSignedIn, round, oauthQuery);
  const signIn = useMutation({
    mutationFn: async () => {
      await takeOver();
      return signInWithPasskey(client, oauthQuery);
    },
    onSuccess: (answer) => onSignedIn(answer),
    // The autofill was stopped for the button: offer it again.
    onError: () => setRound((n) => n + 1),
  });
  const failure = ceremonyFailureOf(signIn.error);
  // No button that could only fail (the autofill checks for itself).
  if (passkeyUnavailable() !== null) return null;

  return (
    <Box sx={{ mb: 2 }}>
      <SubmitButton
        type="button"
        variant="outlined"
        color="inherit"
        fullWidth
        pending={signIn.isPending || signIn.isSuccess}
        startIcon={<KeyIcon />}
        onClick={() => signIn.mutate()}
        sx={{ textTransform: 'none' }}
      >
        {t('passkeySignIn.button')}
      </SubmitButton>
      {failure && (
        <Alert severity={failure === 'cancelled' ? 'info' : 'error'} role="alert" sx={{ mt: 2 }}>
          {signIn.error instanceof NoPasskeyError
            ? t('passkeySignIn.noPasskey')
            : t(`passkeySignIn.${failure === 'alreadyRegistered' ? 'failed' : failure}`)}
        </Alert>
      )}
      {!failure && <ServerError error={clientErrorOf(signIn.error)} />}
      <Divider sx={{ mt: 2 }}>{t('social.or')}</Divider>
    </Box>
  );
}
