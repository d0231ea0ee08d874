/**
 * @module For an account without a password. Latchkey's /set-password is server-only (it asks
 * for no current password, so only the application may decide to call it): the way for a user to
 * get a first password is the reset link, which proves the mailbox. This explains that and sends
 * the link to the account's address.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useSession } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useRequestPasswordLink } from '../api/request-password-link';

export function SetPasswordHelp() {
  const { t } = useTranslation('account');
  const email = useSession().data?.user.email ?? '';
  const request = useRequestPasswordLink();
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!request.isPending) request.mutate(email);
      }}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('password.setHow', { email })}
      </Typography>
      <ServerError error={clientErrorOf(request.error)} />
      {request.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('password.linkSent', { email })}
        </Alert>
      )}
      <SubmitButton pending={request.isPending}>{t('password.sendLink')}</SubmitButton>
    </Box>
  );
}
