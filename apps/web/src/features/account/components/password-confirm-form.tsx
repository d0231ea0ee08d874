/**
 * @module A form that asks only for the password before a two-factor change (turn on, turn off,
 * new backup codes): the server checks it, so a borrowed session cannot change the second factor.
 * A wrong password is shown at the field.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrentPasswordField } from '../../../components/credential-fields';
import { useServerForm } from '../../../lib/use-server-form';
import { FormFooter } from './form-footer';

const schema = z.object({ password: z.string().min(1, 'validation.required') });

export function PasswordConfirmForm<R>({
  submitLabel,
  label,
  submit,
  onDone,
  destructive,
}: {
  submitLabel: string;
  /** Turning something off: the button is red. */
  destructive?: boolean;
  /** The form's accessible name, as a page may hold more than one. */
  label: string;
  submit(password: string): Promise<R>;
  onDone(answer: R): void;
}) {
  const { t } = useTranslation('account');
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { password: '' },
    mutationFn: ({ password }) => submit(password),
    onSuccess: (answer) => {
      form.reset();
      onDone(answer);
    },
    errorFields: { INVALID_PASSWORD: 'password' },
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={2}>
        <CurrentPasswordField control={form.control} name="password" label={t('twoFactor.password')} />
        <FormFooter
          serverError={serverError}
          pending={pending}
          outcome={null}
          submitLabel={submitLabel}
          destructive={destructive}
        />
      </Stack>
    </Box>
  );
}
