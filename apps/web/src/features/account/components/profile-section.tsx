/**
 * @module The profile section (/account): the e-mail address with its verified state, then the
 * editable profile, then the account's language. Behind RequireSession, so the session is there.
 */
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { AccountSection } from './account-section';
import { EmailStatus } from './email-status';
import { LanguageSection } from './language-section';
import { ProfileForm } from './profile-form';

export function ProfileSection() {
  const { t } = useTranslation('account');
  const user = useSession().data?.user;
  if (!user) return null;
  return (
    <>
      <AccountSection title={t('profile.title')} description={t('profile.description')}>
        <EmailStatus email={user.email} verified={user.emailVerified} />
        {/* Keyed by user: another user signing in on this tab starts from their own values. */}
        <ProfileForm key={user.id} user={user} />
      </AccountSection>
      <LanguageSection />
    </>
  );
}
