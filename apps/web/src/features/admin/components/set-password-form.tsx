/**
 * @module Set a user's password (for example after they lost access to their e-mail). Their
 * sessions are kept, as the server does; revoke them below to sign them out everywhere. "Generate"
 * fills in a strong password and shows it, for the admin to hand over.
 */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordField } from '../../../components/credential-fields';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
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
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { newPassword: '' },
    mutationFn: ({ newPassword }: PasswordValues) => setUserPassword(client, { userId, newPassword }),
    onSuccess: () => {
      toast({ message: t('password.done') });
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
      <SubmitButton pending={pending}>{t('password.submit')}</SubmitButton>
    </form>
  );
}
