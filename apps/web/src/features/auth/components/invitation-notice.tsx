/**
 * @module "You're invited to Zeta Labs by …" above the sign-in and sign-up forms of a visitor who
 * came from an invitation link: without it the invitee meets a bare form and no reason to fill it.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { InvitationPreview } from '../api/invitation-preview';

export function InvitationNotice({ preview, signUp = false }: { preview: InvitationPreview; signUp?: boolean }) {
  const { t } = useTranslation('auth');
  const inviter = preview.inviterName ?? preview.inviterEmail;
  const organization = preview.organizationName;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }} data-testid="invitation-notice">
      <AlertTitle sx={{ wordBreak: 'break-word' }}>
        {inviter
          ? t('invitationNotice.titleBy', { organization, inviter })
          : t('invitationNotice.title', { organization })}
      </AlertTitle>
      {t(signUp ? 'invitationNotice.signUp' : 'invitationNotice.signIn', { email: preview.email })}
    </Alert>
  );
}
