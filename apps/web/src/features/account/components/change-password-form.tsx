/**
 * @module Change password: the current password (asked even with a session, so a borrowed session
 * cannot lock the owner out), the new one twice, and "sign out other devices". A wrong current
 * password is shown at its field; the new one's length rules (SPEC §5) are checked as you type. A
 * change is told in a toast.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrentPasswordField, NewPasswordField } from '../../../components/credential-fields';
import { FormCheckbox } from '../../../components/form-checkbox';
import { useToast } from '../../../components/toast';
import { PASSWORD_RULES, passwordField } from '../../../lib/credential-rules';
import { useServerForm } from '../../../lib/use-server-form';
import { useChangePassword } from '../api/change-password';
import { FormFooter } from './form-footer';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'validation.required'),
    newPassword: passwordField,
    confirmPassword: z.string().min(1, 'validation.required'),
    revokeOtherSessions: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDiffer',
  });

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const changePassword = useChangePassword();
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: false },
    mutationFn: ({ currentPassword, newPassword, revokeOtherSessions }) =>
      changePassword({ currentPassword, newPassword, revokeOtherSessions }),
    onSuccess: (_data, values) => {
      toast({ message: values.revokeOtherSessions ? t('password.changedAndSignedOut') : t('password.changed') });
      form.reset();
    },
    errorFields: {
      INVALID_PASSWORD: 'currentPassword',
      PASSWORD_TOO_SHORT: 'newPassword',
      PASSWORD_TOO_LONG: 'newPassword',
    },
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <CurrentPasswordField control={form.control} name="currentPassword" label={t('password.current')} />
        <NewPasswordField
          control={form.control}
          name="newPassword"
          label={t('password.new')}
          helperText={t('passwordRule', { ns: 'common', ...PASSWORD_RULES })}
          strength
        />
        <NewPasswordField control={form.control} name="confirmPassword" label={t('password.confirm')} />
        <FormCheckbox control={form.control} name="revokeOtherSessions" label={t('password.revokeOthers')} />
        <FormFooter serverError={serverError} pending={pending} outcome={null} submitLabel={t('password.submit')} />
      </Stack>
    </Box>
  );
}
