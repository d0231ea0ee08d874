/**
 * @module "Add a passkey": the user names it (proposed: this browser and system, "Chrome on
 * Linux"), then the browser asks them to create it. A prompt closed or left unanswered
 * (NotAllowedError) is said in the dialog, which stays open to try again, as does a device that
 * already holds one of the account's passkeys; a session too old for it asks to sign in again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { ceremonyFailureOf, type CeremonyFailure } from '../../../lib/webauthn-failure';
import { addPasskey } from '../api/add-passkey';
import { deviceName } from './device-name';
import { ReauthenticatePrompt } from './reauthenticate-prompt';

const schema = z.object({ name: z.string().trim().min(1, 'validation.required').max(256) });

export interface AddPasskeyDialogProps {
  onClose(): void;
  onAdded(name: string): void;
}

/** Mounted while open, so each opening starts with a fresh form. */
export function AddPasskeyDialog({ onClose, onAdded }: AddPasskeyDialogProps) {
  const { t } = useTranslation('account');
  const { t: common } = useTranslation();
  const client = useAuthClient();
  const titleId = useId();
  const [failure, setFailure] = useState<CeremonyFailure | null>(null);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: deviceName(t, globalThis.navigator?.userAgent) },
    // The browser's refusal is not the server's: it is kept apart and answers "nothing added".
    mutationFn: async ({ name }: z.infer<typeof schema>) => {
      setFailure(null);
      try {
        return await addPasskey(client, name);
      } catch (cause) {
        const kind = ceremonyFailureOf(cause);
        if (!kind) throw cause;
        setFailure(kind);
        return null;
      }
    },
    onSuccess: (added, { name }) => {
      if (added) onAdded(name);
    },
  });
  const notFresh = serverError?.code === 'SESSION_IS_NOT_FRESH';

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{t('passkeys.add')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('passkeys.addText')}</DialogContentText>
          <FormTextField control={form.control} name="name" label={t('passkeys.name')} autoFocus required />
          {failure && (
            <Alert severity={failure === 'cancelled' ? 'warning' : 'error'} role="alert" sx={{ mt: 2 }}>
              {t(`passkeys.${failure}`)}
            </Alert>
          )}
          {notFresh ? <ReauthenticatePrompt returnTo="/account/security" /> : <ServerError error={serverError} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {common('cancel')}
          </Button>
          <SubmitButton pending={pending}>{t('passkeys.continue')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
