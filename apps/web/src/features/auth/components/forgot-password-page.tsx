/**
 * @module `/forgot-password`: asks for the address and then always shows the same neutral
 * confirmation, whether or not an account uses it, so this page tells nobody which addresses
 * have accounts (the server answers alike for the same reason).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { z } from 'zod';
import { EmailField } from '../../../components/credential-fields';
import { CardPage } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { requestPasswordReset } from '../api/request-password-reset';
import { emailField } from '../../../lib/credential-rules';
import { DevOutboxNote } from './dev-outbox-note';

const schema = z.object({ email: emailField });

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const client = useAuthClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The landing of a security notice's "this wasn't me" link: the address prefilled, and why.
  const [searchParams] = useSearchParams();
  const signedOut = searchParams.get('signedOut') === '1';
  const invalidNoticeLink = searchParams.get('error') === 'INVALID_TOKEN';
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { email: searchParams.get('email') ?? '' },
    mutationFn: (values: { email: string }) => requestPasswordReset(client, values),
    onSuccess: (_data, values) => setSentTo(values.email),
    errorFields: { INVALID_EMAIL: 'email' },
  });

  return (
    <CardPage title={t('forgotPassword.title')}>
      {sentTo ? (
        <Alert severity="success" role="status">
          {t('forgotPassword.sent', { email: sentTo })}
          <DevOutboxNote />
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          {signedOut && (
            <Alert severity="info" role="status" sx={{ mb: 2 }}>
              {t('forgotPassword.signedOutEverywhere')}
            </Alert>
          )}
          {invalidNoticeLink && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('forgotPassword.invalidNoticeLink')}
            </Alert>
          )}
          <Typography variant="body2">{t('forgotPassword.intro')}</Typography>
          <EmailField control={form.control} name="email" label={t('email')} autoFocus />
          <ServerError error={serverError} />
          <SubmitButton pending={pending} fullWidth sx={{ mt: 2 }}>
            {t('forgotPassword.submit')}
          </SubmitButton>
        </Box>
      )}
      <Link component={RouterLink} to="/sign-in" sx={{ display: 'inline-block', mt: 3 }}>
        {t('backToSignIn')}
      </Link>
    </CardPage>
  );
}
