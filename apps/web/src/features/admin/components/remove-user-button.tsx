/**
 * @module Remove the user for good, after a confirmation that names them; then the users list,
 * with a toast saying whom it removed. On the admin's own record the button is disabled with the reason:
 * the server refuses it (better-auth's "You cannot remove yourself"), and one's own account is
 * deleted from the account page.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useRemoveUser } from '../api/remove-user';

export function RemoveUserButton({ userId, email, isYou }: { userId: string; email: string; isYou: boolean }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const remove = useRemoveUser();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  if (isYou) {
    return (
      <Box>
        <Button variant="outlined" color="error" disabled aria-describedby={reasonId}>
          {t('remove.button')}
        </Button>
        <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('self.remove')}
        </Typography>
      </Box>
    );
  }
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
        onConfirm={() =>
          remove.mutate(userId, {
            onSuccess: () => {
              // The toast lives above the routes, so it outlives this page.
              toast({ message: t('remove.done', { email }) });
              void navigate('/admin/users', { replace: true });
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
