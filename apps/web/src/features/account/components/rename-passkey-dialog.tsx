/**
 * @module "Rename passkey": one field with the current name; the server's refusal stays in the dialog.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import type { ListedPasskey } from '../api/list-passkeys';
import { useRenamePasskey } from '../api/rename-passkey';

const schema = z.object({ name: z.string().trim().min(1, 'validation.required').max(256) });

export interface RenamePasskeyDialogProps {
  passkey: ListedPasskey;
  onClose(): void;
  onRenamed(name: string): void;
}

/** Mounted while open (keyed by the passkey), so the field starts from that passkey's name. */
export function RenamePasskeyDialog({ passkey, onClose, onRenamed }: RenamePasskeyDialogProps) {
  const { t } = useTranslation('account');
  const { t: common } = useTranslation();
  const titleId = useId();
  const rename = useRenamePasskey();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: passkey.name ?? '' },
    mutationFn: ({ name }: z.infer<typeof schema>) => rename.mutateAsync({ id: passkey.id, name: name.trim() }),
    onSuccess: (_answer, { name }) => onRenamed(name.trim()),
  });

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{t('passkeys.renameTitle')}</DialogTitle>
        <DialogContent>
          <FormTextField control={form.control} name="name" label={t('passkeys.name')} autoFocus required />
          <ServerError error={serverError} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {common('cancel')}
          </Button>
          <SubmitButton pending={pending}>{common('save')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
