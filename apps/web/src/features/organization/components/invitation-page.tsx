/**
 * @module /invitations/:invitationId, the page the invitation mail links to: who invites the user
 * into which organization, with which role, until when; accept (the organization becomes the
 * active one and the user lands on its members, told "You joined …": a plain member's settings
 * tab would only show a greyed-out form) or decline. A signed-out visitor is sent to sign-in
 * first and comes back here (the route sits behind RequireSession), through sign-up and the
 * verification link too. Refusals are explained: the invitation is gone (answered, canceled,
 * expired or never existed) or it was sent to another address than the signed-in user's; an
 * address not verified yet (the server shows nothing of the invitation until it is) gets a button
 * that mails a new verification link leading back here.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from '../../../lib/router';
import { CardPage } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { useSession, type AppError } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { useRejectInvitation } from '../api/reject-invitation';
import { useRoleLabel } from './use-role-label';
import { VerifyToAnswer } from './verify-to-answer';
import { organizationPath } from '../lib/organization-path';
import { formatDateTime } from '../../../lib/format-date';

function Explanation({ code, email }: { code: AppError['code'] | undefined; email: string }) {
  const { t } = useTranslation('organization');
  if (code === 'INVITATION_NOT_FOUND') return <Typography gutterBottom>{t('invitation.gone')}</Typography>;
  if (code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION')
    return <Typography gutterBottom>{t('invitation.otherRecipient', { email })}</Typography>;
  return null;
}

/** Reading the invitation already needs a verified address; answering it too. */
function needsVerification(code: AppError['code'] | undefined): boolean {
  return (
    code === 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION' ||
    code === 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION'
  );
}

function BackToList() {
  const { t } = useTranslation('organization');
  return (
    <Button component={RouterLink} to="/organizations" variant="outlined">
      {t('invitation.toOrganizations')}
    </Button>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      <Typography component="dt" color="text.secondary" sx={{ minWidth: 110 }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function InvitationPage() {
  const { t, i18n } = useTranslation('organization');
  const { invitationId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const roleLabel = useRoleLabel();
  const { data: session } = useSession();
  const invitation = useInvitation(invitationId);
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const email = session?.user.email ?? '';
  const busy = accept.isPending || reject.isPending;

  if (invitation.isPending) {
    return (
      <CardPage title={t('invitation.title')}>
        <CircularProgress aria-label={t('common:loading')} />
      </CardPage>
    );
  }
  if (invitation.error || !invitation.data) {
    const error = clientErrorOf(invitation.error);
    return (
      <CardPage title={t('invitation.title')}>
        {needsVerification(error?.code) ? (
          <VerifyToAnswer email={email} invitationPath={`/invitations/${invitationId}`} />
        ) : (
          <>
            <ServerError error={error} />
            <Explanation code={error?.code} email={email} />
          </>
        )}
        <BackToList />
      </CardPage>
    );
  }
  if (reject.isSuccess) {
    return (
      <CardPage title={t('invitation.title')}>
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('invitation.declined', { organization: invitation.data.organizationName })}
        </Alert>
        <BackToList />
      </CardPage>
    );
  }

  const data = invitation.data;
  const actionError = clientErrorOf(accept.error ?? reject.error);
  return (
    <CardPage title={t('invitation.title')}>
      <Typography gutterBottom>
        {t('invitation.text', {
          inviter: data.inviterEmail ?? t('invitation.someone'),
          organization: data.organizationName,
        })}
      </Typography>
      <Box component="dl" sx={{ my: 2, display: 'grid', gap: 1 }}>
        <Detail term={t('invitation.organization')}>
          {data.organizationName} ({data.organizationSlug})
        </Detail>
        <Detail term={t('invitation.inviter')}>{data.inviterEmail ?? '—'}</Detail>
        <Detail term={t('fields.role')}>{roleLabel(data.role ?? 'member')}</Detail>
        <Detail term={t('invitation.expires')}>{formatDateTime(data.expiresAt, i18n.language)}</Detail>
      </Box>
      {needsVerification(actionError?.code) ? (
        <VerifyToAnswer email={email} invitationPath={`/invitations/${invitationId}`} />
      ) : (
        <>
          <ServerError error={actionError} />
          <Explanation code={actionError?.code} email={email} />
        </>
      )}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={busy}
          aria-busy={accept.isPending}
          startIcon={accept.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() =>
            accept.mutate(data.id, {
              onSuccess: () => {
                // The toast lives above the routes, so it is still up on the organization's page.
                toast({ message: t('invitationReturn.joined', { organization: data.organizationName }) });
                void navigate(organizationPath({ slug: data.organizationSlug }, 'members'));
              },
            })
          }
        >
          {t('invitation.accept')}
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          aria-busy={reject.isPending}
          startIcon={reject.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() => reject.mutate(data.id)}
        >
          {t('invitation.decline')}
        </Button>
      </Stack>
    </CardPage>
  );
}
