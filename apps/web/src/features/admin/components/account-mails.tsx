/**
 * @module Mails the admin can have sent to the user: a password reset link, and a verification
 * link while the address is unverified. A sent mail is told in a toast (to which address); the
 * server's refusal, such as the mail rate limit, stays beside the buttons.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useSendPasswordResetMail } from '../api/send-password-reset-mail';
import { useSendVerificationMail } from '../api/send-verification-mail';

function MailButton({ pending, onClick, label }: { pending: boolean; onClick(): void; label: string }) {
  return (
    <Button
      variant="outlined"
      disabled={pending}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

export function AccountMails({
  userId,
  email,
  emailVerified,
}: {
  userId: string;
  email: string;
  emailVerified: boolean;
}) {
  const { t } = useTranslation('admin');
  const reset = useSendPasswordResetMail();
  const verification = useSendVerificationMail();
  const toast = useToast();
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <MailButton
          pending={reset.isPending}
          onClick={() => reset.mutate(email, { onSuccess: () => toast({ message: t('mails.resetSent', { email }) }) })}
          label={t('mails.sendReset')}
        />
        {!emailVerified && (
          <MailButton
            pending={verification.isPending}
            onClick={() =>
              verification.mutate(userId, {
                onSuccess: () => toast({ message: t('mails.verificationSent', { email }) }),
              })
            }
            label={t('mails.sendVerification')}
          />
        )}
      </Stack>
      <ServerError error={clientErrorOf(reset.error) ?? clientErrorOf(verification.error)} />
    </>
  );
}
