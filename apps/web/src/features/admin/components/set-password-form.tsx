/**
 * @module Set a user's password (for example after they lost access to their e-mail). Their
 * sessions are kept, as the server does; revoke them below to sign them out everywhere. "Generate"
 * fills in a strong password and shows it, for the admin to hand over.
 */
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordField } from '../../../components/credential-fields';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { passwordField } from '../../../lib/credential-rules';
import { useServerForm } from '../../../lib/use-server-form';
import { setUserPassword } from '../api/set-user-password';

const schema = z.object({
  newPassword: passwordField,
});
type PasswordValues = z.infer<typeof schema>;

export function SetPasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const client = useAuthClient();
  const [done, setDone] = useState(false);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { newPassword: '' },
    mutationFn: ({ newPassword }: PasswordValues) => {
      setDone(false);
      return setUserPassword(client, { userId, newPassword });
    },
    onSuccess: () => {
      setDone(true);
      form.reset();
    },
    errorFields: { PASSWORD_TOO_SHORT: 'newPassword', PASSWORD_TOO_LONG: 'newPassword' },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <NewPasswordField
        control={form.control}
        name="newPassword"
        label={t('password.label')}
        required={false}
        strength
        generate
      />
      <ServerError error={serverError} />
      {done && (
        <Alert severity="success" sx={{ my: 1 }}>
          {t('password.done')}
        </Alert>
      )}
      <SubmitButton pending={pending}>{t('password.submit')}</SubmitButton>
    </form>
  );
}
