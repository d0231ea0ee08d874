/**
 * @module Remove the user for good, after a confirmation that names them; back to the list after.
 */
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { clientErrorOf } from '../../../lib/unwrap';
import { useRemoveUser } from '../api/remove-user';

export function RemoveUserButton({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const remove = useRemoveUser();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('remove.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('remove.title')}
        text={t('remove.text', { email })}
        confirmLabel={t('remove.confirm')}
        pending={remove.isPending}
        error={clientErrorOf(remove.error)}
        onConfirm={() => remove.mutate(userId, { onSuccess: () => navigate('/admin/users', { replace: true }) })}
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
      />
    </>
  );
}
