/**
 * @module A user's two-factor authentication on their admin page: on or off, and while on, "Reset
 * two-factor" after a confirmation that names the user, for one who lost their authenticator app
 * and backup codes. The reset turns it off and forgets the user's trusted browsers; their sessions
 * stay, and the next sign-in needs the password only, after which they may turn it on again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useResetUserTwoFactor } from '../api/reset-user-two-factor';

export interface UserTwoFactorProps {
  user: { id: string; email: string; twoFactorEnabled?: boolean | null };
  /** The admin's own page: their second factor goes off with their password, not from here. */
  isYou: boolean;
}

export function UserTwoFactor({ user, isYou }: UserTwoFactorProps) {
  const { t } = useTranslation('admin');
  const reset = useResetUserTwoFactor();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const on = user.twoFactorEnabled === true;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="user-two-factor-status">
        <Typography variant="body2">{t('twoFactor.status')}:</Typography>
        <Chip size="small" color={on ? 'success' : 'default'} label={on ? t('twoFactor.on') : t('twoFactor.off')} />
      </Stack>
      {on && isYou && <Alert severity="info">{t('self.twoFactor')}</Alert>}
      {on && !isYou && (
        <Button
          variant="outlined"
          color="error"
          onClick={() => {
            reset.reset();
            setOpen(true);
          }}
        >
          {t('twoFactor.reset')}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title={t('twoFactor.resetTitle')}
        text={t('twoFactor.resetText', { email: user.email })}
        confirmLabel={t('twoFactor.reset')}
        pending={reset.isPending}
        error={clientErrorOf(reset.error)}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: () => {
              toast({ message: t('twoFactor.done', { email: user.email }) });
              setOpen(false);
            },
          })
        }
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}
