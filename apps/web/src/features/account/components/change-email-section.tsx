/**
 * @module Change e-mail (/account/email). What happens depends on the current address (SPEC §4):
 * an unverified one is replaced at once and the new one gets a verification link; a verified one
 * stays until its owner approves the change from the link mailed to it, and then the new address
 * is verified in turn. The section says which before and after, and what the approval link did
 * when it lands here (EMAIL_CHANGED_PATH).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router';
import { z } from 'zod';
import { EmailField } from '../../../components/credential-fields';
import { useSession } from '../../../lib/auth';
import { requiredEmailField } from '../../../lib/credential-rules';
import { useServerForm } from '../../../lib/use-server-form';
import { useChangeEmail, useReadCurrentEmail } from '../api/change-email';
import { AccountSection } from './account-section';
import { FormFooter, type FormOutcome } from './form-footer';

const schema = z.object({ newEmail: requiredEmailField });

type Outcome =
  { kind: 'confirm'; current: string; next: string } | { kind: 'changed'; next: string } | { kind: 'linkFailed' };

/**
 * What the approval link did, once it has landed here. The address is read from the server: the
 * cached session (and its cookie) still has the old one, since the link was opened without them.
 */
function useLinkOutcome(setOutcome: (outcome: Outcome) => void): void {
  const [params] = useSearchParams();
  const readCurrentEmail = useReadCurrentEmail();
  const landed = params.get('changed') === '1';
  const failed = params.has('error');
  useEffect(() => {
    if (!landed) return;
    if (failed) return setOutcome({ kind: 'linkFailed' });
    void readCurrentEmail().then((next) => next && setOutcome({ kind: 'changed', next }));
    // Once per landing, not at each render (the read's function is new at each).
  }, [landed, failed]);
}

export function ChangeEmailSection() {
  const { t } = useTranslation('account');
  const user = useSession().data?.user;
  const changeEmail = useChangeEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useLinkOutcome(setOutcome);
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
  const shown: FormOutcome | null =
    outcome?.kind === 'confirm'
      ? { severity: 'info', text: t('email.confirmSent', { current: outcome.current, next: outcome.next }) }
      : outcome?.kind === 'changed'
        ? { severity: 'success', text: t('email.changed', { next: outcome.next }) }
        : outcome?.kind === 'linkFailed'
          ? { severity: 'error', text: t('email.linkFailed') }
          : null;

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
          <EmailField control={form.control} name="newEmail" label={t('email.newEmail')} />
          <FormFooter serverError={serverError} pending={pending} outcome={shown} submitLabel={t('email.submit')} />
        </Stack>
      </Box>
    </AccountSection>
  );
}
