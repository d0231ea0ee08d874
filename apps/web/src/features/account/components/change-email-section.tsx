/**
 * @module Change e-mail (/account/email). What happens depends on the current address (SPEC §4):
 * an unverified one is replaced at once and the new one gets a verification link; a verified one
 * stays until its owner approves the change from the link mailed to it, and then the new address
 * is verified in turn. The section says which before and after.
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
import { useSession } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { useChangeEmail } from '../api/change-email';
import { AccountSection } from './account-section';

const schema = z.object({
  newEmail: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
});

type Outcome = { kind: 'confirm'; current: string; next: string } | { kind: 'changed'; next: string };

export function ChangeEmailSection() {
  const { t } = useTranslation('account');
  const user = useSession().data?.user;
  const changeEmail = useChangeEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { newEmail: '' },
    mutationFn: (values) => {
      setOutcome(null);
      return changeEmail(values);
    },
    onSuccess: ({ applied }, values) => {
      setOutcome(
        applied
          ? { kind: 'changed', next: values.newEmail }
          : { kind: 'confirm', current: user?.email ?? '', next: values.newEmail },
      );
      form.reset();
    },
    errorFields: { EMAIL_IS_THE_SAME: 'newEmail', COULDN_T_UPDATE_YOUR_EMAIL: 'newEmail', INVALID_EMAIL: 'newEmail' },
  });
  if (!user) return null;

  return (
    <AccountSection
      title={t('email.title')}
      description={
        user.emailVerified
          ? t('email.descriptionVerified', { email: user.email })
          : t('email.descriptionUnverified', { email: user.email })
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="newEmail"
            label={t('email.newEmail')}
            type="email"
            autoComplete="email"
            required
            fullWidth
          />
          <ServerError error={serverError} />
          {outcome?.kind === 'confirm' && (
            <Alert severity="info" role="status">
              {t('email.confirmSent', { current: outcome.current, next: outcome.next })}
            </Alert>
          )}
          {outcome?.kind === 'changed' && (
            <Alert severity="success" role="status">
              {t('email.changed', { next: outcome.next })}
            </Alert>
          )}
          <Box>
            <SubmitButton pending={pending}>{t('email.submit')}</SubmitButton>
          </Box>
        </Stack>
      </Box>
    </AccountSection>
  );
}
