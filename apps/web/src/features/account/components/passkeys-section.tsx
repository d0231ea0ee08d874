/**
 * @module Passkeys (under two-factor on /account/security): the account's passkeys with rename and
 * delete (after a confirmation), and "Add a passkey", which names it and runs the browser's
 * registration ceremony. Each change is told in a toast; the list reloads from the server. Where
 * passkeys cannot work (`lib/passkey-availability.ts`) the add button, which could only fail, gives
 * way to the reason; the passkeys already registered can still be renamed and deleted.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { passkeyUnavailable } from '../../../lib/passkey-availability';
import { clientErrorOf } from '../../../lib/unwrap';
import { useDeletePasskey } from '../api/delete-passkey';
import { useListPasskeys, type ListedPasskey } from '../api/list-passkeys';
import { AccountSection } from './account-section';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { PasskeysList, passkeyName } from './passkeys-list';
import { RenamePasskeyDialog } from './rename-passkey-dialog';
import { SectionLoading } from './section-loading';

export function PasskeysSection() {
  const { t } = useTranslation('account');
  const passkeys = useListPasskeys();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<ListedPasskey | null>(null);
  const [deleting, setDeleting] = useState<ListedPasskey | null>(null);
  const [unavailable] = useState(passkeyUnavailable);

  return (
    <AccountSection title={t('passkeys.title')} description={t('passkeys.description')}>
      {passkeys.isPending && <SectionLoading />}
      <ServerError error={clientErrorOf(passkeys.error)} />
      {passkeys.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('passkeys.empty')}
        </Typography>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <PasskeysList passkeys={passkeys.data} onRename={setRenaming} onDelete={setDeleting} />
      )}
      {unavailable ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t(`passkeys.unavailable.${unavailable}`)}
        </Alert>
      ) : (
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </Button>
        </Box>
      )}

      {adding && (
        <AddPasskeyDialog
          onClose={() => setAdding(false)}
          onAdded={(name) => {
            setAdding(false);
            toast({ message: t('passkeys.added', { name }) });
          }}
        />
      )}
      {renaming && (
        <RenamePasskeyDialog
          key={renaming.id}
          passkey={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={(name) => {
            setRenaming(null);
            toast({ message: t('passkeys.renamed', { name }) });
          }}
        />
      )}
      <DeletePasskeyDialog passkey={deleting} onClose={() => setDeleting(null)} />
    </AccountSection>
  );
}

/** The confirmation before a passkey is deleted; the server's refusal stays in it. */
function DeletePasskeyDialog({ passkey, onClose }: { passkey: ListedPasskey | null; onClose(): void }) {
  const { t } = useTranslation('account');
  const remove = useDeletePasskey();
  const toast = useToast();
  const name = passkey ? passkeyName(t, passkey) : '';
  return (
    <ConfirmDialog
      open={passkey !== null}
      title={t('passkeys.deleteTitle')}
      text={t('passkeys.deleteText', { name })}
      confirmLabel={t('delete', { ns: 'common' })}
      pending={remove.isPending}
      error={clientErrorOf(remove.error)}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!passkey) return;
        remove.mutate(passkey.id, {
          onSuccess: () => {
            toast({ message: t('passkeys.deleted', { name }) });
            remove.reset();
            onClose();
          },
        });
      }}
    />
  );
}
