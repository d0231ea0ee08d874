/**
 * @module The password section (/account/password): change the password, or — for an account
 * that signs in only through a provider and so has no 'credential' account — how to get one.
 */
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { hasPassword, useListAccounts } from '../api/list-accounts';
import { AccountSection } from './account-section';
import { ChangePasswordForm } from './change-password-form';
import { SectionLoading } from './section-loading';
import { SetPasswordHelp } from './set-password-help';

export function PasswordSection() {
  const { t } = useTranslation('account');
  const accounts = useListAccounts();
  if (accounts.isPending) return <SectionLoading />;
  if (accounts.error) return <ServerError error={clientErrorOf(accounts.error)} />;
  return hasPassword(accounts.data) ? (
    <AccountSection title={t('password.changeTitle')} description={t('password.changeDescription')}>
      <ChangePasswordForm />
    </AccountSection>
  ) : (
    <AccountSection title={t('password.setTitle')} description={t('password.setDescription')}>
      <SetPasswordHelp />
    </AccountSection>
  );
}
