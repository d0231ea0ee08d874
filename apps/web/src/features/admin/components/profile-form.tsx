/**
 * @module Edit a user's name and e-mail from their page (POST /admin/update-user). Hidden behind
 * "Edit" so the summary reads first; a changed address comes back unverified, as the hint says,
 * and "Resend verification" below mails the user the link.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailField } from '../../../components/credential-fields';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useAuthClient } from '../../../lib/auth';
import { requiredEmailField, requiredNameField } from '../../../lib/credential-rules';
import { useServerForm } from '../../../lib/use-server-form';
import { updateUserProfile } from '../api/update-user';

const schema = z.object({
  name: requiredNameField,
  email: requiredEmailField,
});
type ProfileValues = z.infer<typeof schema>;

export function ProfileForm({ user }: { user: { id: string; name: string; email: string } }) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Button variant="outlined" onClick={() => setEditing(true)}>
        {t('profile.edit')}
      </Button>
    );
  }
  return <EditProfile user={user} onDone={() => setEditing(false)} />;
}

function EditProfile({ user, onDone }: { user: { id: string; name: string; email: string }; onDone(): void }) {
  const { t } = useTranslation('admin');
  const client = useAuthClient();
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: user.name, email: user.email },
    mutationFn: (values: ProfileValues) => updateUserProfile(client, user.id, values),
    onSuccess: () => {
      toast({ message: t('profile.saved') });
      onDone();
    },
    errorFields: { USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email', INVALID_EMAIL: 'email' },
  });
  return (
    <form onSubmit={onSubmit} noValidate style={{ width: '100%' }}>
      <FormTextField control={form.control} name="name" label={t('fields.name')} autoComplete="off" required />
      <EmailField
        control={form.control}
        name="email"
        label={t('fields.email')}
        autoComplete="off"
        helperText={t('profile.emailHint')}
      />
      <ServerError error={serverError} />
      <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
        <SubmitButton pending={pending}>{t('profile.save')}</SubmitButton>
        <Button onClick={onDone}>{t('common:cancel')}</Button>
      </Stack>
    </form>
  );
}
