/**
 * @module /admin/users/:id: one user — who they are (their name and e-mail editable) and when
 * they last signed in, mails to send them, their role, ban, password, two-factor, ways to sign in
 * (password and linked accounts), passkeys, sessions and latest audit events — with impersonation and
 * removal. Each block acts on its own and shows its own errors. On the admin's own record,
 * impersonation is hidden and role change, ban and removal are not offered, each with its reason.
 * The user's organizations are not shown: no route tells an admin another user's memberships
 * (organization/list is the caller's).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { useSession } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useAdminUser } from '../api/get-user';
import { AccountMails } from './account-mails';
import { BanForm } from './ban-form';
import { DetailSection } from './detail-section';
import { ImpersonateButton } from './impersonate-button';
import { RemoveUserButton } from './remove-user-button';
import { RoleForm } from './role-form';
import { SetPasswordForm } from './set-password-form';
import { ProfileForm } from './profile-form';
import { UserAccounts } from './user-accounts';
import { UserAuditEvents } from './user-audit-events';
import { UserPasskeys } from './user-passkeys';
import { UserOrganizations } from './user-organizations';
import { UserSessions } from './user-sessions';
import { UserSummary } from './user-summary';
import { usersListPath } from './users-address';
import { UserTwoFactor } from './user-two-factor';

export function UserDetailPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const { data: session } = useSession();
  const { data: user, error, isPending } = useAdminUser(id);
  const back = (
    <Button component={RouterLink} to={usersListPath()}>
      {t('detail.back')}
    </Button>
  );

  if (!user) {
    return (
      <Page title={t('detail.title')} actions={back}>
        {isPending ? (
          <CircularProgress aria-label={t('common:loading')} />
        ) : (
          <ServerError error={clientErrorOf(error)} />
        )}
      </Page>
    );
  }
  const isYou = session?.user.id === user.id;
  return (
    <Page title={user.name || user.email} actions={back}>
      <Stack spacing={3}>
        <DetailSection title={t('detail.profile')}>
          <UserSummary user={user} isYou={isYou} />
          <Box sx={{ mt: 2 }}>
            <ProfileForm key={`${user.name}\n${user.email}`} user={user} />
          </Box>
          <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {!isYou && <ImpersonateButton userId={user.id} email={user.email} />}
            <RemoveUserButton userId={user.id} email={user.email} isYou={isYou} />
          </Stack>
        </DetailSection>
        <DetailSection title={t('organizations.title')}>
          <UserOrganizations userId={user.id} />
        </DetailSection>
        <DetailSection title={t('mails.title')}>
          <AccountMails userId={user.id} email={user.email} emailVerified={user.emailVerified} />
        </DetailSection>
        <DetailSection title={t('role.title')}>
          <RoleForm userId={user.id} role={user.role} isYou={isYou} />
        </DetailSection>
        <DetailSection title={t('ban.title')}>
          <BanForm user={user} isYou={isYou} />
        </DetailSection>
        <DetailSection title={t('password.title')}>
          <SetPasswordForm userId={user.id} />
        </DetailSection>
        <DetailSection title={t('twoFactor.title')}>
          <UserTwoFactor user={user} isYou={isYou} />
        </DetailSection>
        <DetailSection title={t('accounts.title')}>
          <UserAccounts userId={user.id} />
        </DetailSection>
        <DetailSection title={t('passkeys.title')}>
          <UserPasskeys userId={user.id} />
        </DetailSection>
        <DetailSection title={t('sessions.title')}>
          <UserSessions userId={user.id} />
        </DetailSection>
        <DetailSection title={t('audit.title')}>
          <UserAuditEvents userId={user.id} />
        </DetailSection>
      </Stack>
    </Page>
  );
}
