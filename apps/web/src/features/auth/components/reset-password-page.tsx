/**
 * @module `/reset-password?token=…`: where the mailed reset link lands (the server checked the
 * token and appended it, or `error=INVALID_TOKEN` for an unknown, used or expired one). A token
 * refused now or then gets the same clear message and a way to ask for a new link.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { z } from 'zod';
import { CardPage } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient, useSession } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { resetPassword } from '../api/reset-password';
import { passwordField, passwordsMatch, PASSWORDS_DIFFER } from '../../../lib/credential-rules';
import { NewPasswordFields } from './new-password-fields';

const schema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine(passwordsMatch, PASSWORDS_DIFFER);
type ResetValues = z.infer<typeof schema>;

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [outcome, setOutcome] = useState<'form' | 'done' | 'invalid'>(
    searchParams.get('error') || !token ? 'invalid' : 'form',
  );

  return (
    <CardPage title={t('resetPassword.title')}>
      {outcome === 'invalid' && <InvalidLink />}
      {outcome === 'done' && (
        <>
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('resetPassword.done')}
          </Alert>
          <Button component={RouterLink} to="/sign-in" variant="contained" fullWidth>
            {t('signIn.submit')}
          </Button>
        </>
      )}
      {outcome === 'form' && token && <ResetForm token={token} onDone={() => setOutcome('done')} />}
    </CardPage>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone(): void }) {
  const { t } = useTranslation('auth');
  const client = useAuthClient();
  const { refetch } = useSession();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { password: '', confirmPassword: '' },
    mutationFn: (values: ResetValues) => resetPassword(client, { token, newPassword: values.password }),
    onSuccess: async () => {
      // The server ended every session of the user: the header must no longer show one.
      await refetch();
      onDone();
    },
    errorFields: { PASSWORD_TOO_SHORT: 'password', PASSWORD_TOO_LONG: 'password' },
  });
  // Unknown, used or expired: the same answer as the link's own check.
  if (serverError?.code === 'INVALID_TOKEN') return <InvalidLink />;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <NewPasswordFields control={form.control} label={t('resetPassword.newPassword')} />
      <ServerError error={serverError} />
      <SubmitButton pending={pending} fullWidth sx={{ mt: 2 }}>
        {t('resetPassword.submit')}
      </SubmitButton>
    </Box>
  );
}

function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <>
      <Alert severity="error" role="alert" sx={{ mb: 2 }} data-code="INVALID_TOKEN">
        {t('resetPassword.invalid')}
      </Alert>
      <Button component={RouterLink} to="/forgot-password" variant="contained" fullWidth>
        {t('resetPassword.requestNew')}
      </Button>
    </>
  );
}
