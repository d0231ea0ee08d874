/**
 * @module Delete the application for good, after a confirmation that names it and says what goes
 * with it (its consents and tokens); then the applications list, with a toast.
 */
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useDeleteOAuthClient } from '../api/delete-oauth-client';

export function DeleteApplicationButton({ clientId, name }: { clientId: string; name: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const remove = useDeleteOAuthClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('applications.delete.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('applications.delete.title')}
        text={t('applications.delete.text', { name })}
        confirmLabel={t('applications.delete.confirm')}
        pending={remove.isPending}
        error={clientErrorOf(remove.error)}
        onConfirm={() =>
          remove.mutate(clientId, {
            onSuccess: () => {
              toast({ message: t('applications.delete.done', { name }) });
              void navigate('/admin/applications', { replace: true });
            },
          })
        }
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
      />
    </>
  );
}
