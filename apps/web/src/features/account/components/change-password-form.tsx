/**
 * @module Change password: the current password (asked even with a session, so a borrowed session
 * cannot lock the owner out), the new one twice, and "sign out other devices". A wrong current
 * password is shown at its field; the new one's length rules (SPEC §5) are checked as you type.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useChangePassword } from '../api/change-password';
import { FormCheckbox } from '../../../components/form-checkbox';

/** The server's defaults (SPEC §5; DEFAULTS.minPasswordLength/maxPasswordLength); the server has the last word. */
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;

const schema = z
  .object({
    currentPassword: z.string().min(1, 'validation.required'),
    newPassword: z
      .string()
      .min(MIN_PASSWORD, 'validation.passwordTooShort')
      .max(MAX_PASSWORD, 'validation.passwordTooLong'),
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
  const [done, setDone] = useState<{ revoked: boolean } | null>(null);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: false },
    mutationFn: ({ currentPassword, newPassword, revokeOtherSessions }) => {
      setDone(null);
      return changePassword({ currentPassword, newPassword, revokeOtherSessions });
    },
    onSuccess: (_data, values) => {
      setDone({ revoked: values.revokeOtherSessions });
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
        <FormTextField
          control={form.control}
          name="currentPassword"
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          required
          fullWidth
        />
        <FormTextField
          control={form.control}
          name="newPassword"
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          helperText={t('password.newHelp')}
        />
        <FormTextField
          control={form.control}
          name="confirmPassword"
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          required
          fullWidth
        />
        <FormCheckbox control={form.control} name="revokeOtherSessions" label={t('password.revokeOthers')} />
        <ServerError error={serverError} />
        {done && (
          <Alert severity="success" role="status">
            {done.revoked ? t('password.changedAndSignedOut') : t('password.changed')}
          </Alert>
        )}
        <Box>
          <SubmitButton pending={pending}>{t('password.submit')}</SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
