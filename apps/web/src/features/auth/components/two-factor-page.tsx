/**
 * @module `/sign-in/two-factor`: the second step of a sign-in the server held because the account
 * has two-factor on (the sign-in answered `twoFactorRedirect`). The code from the authenticator
 * app, or one of the backup codes, or a code mailed on request; "trust this device" has this browser
 * skip the step for 30 days. Afterwards the app goes on to `redirectTo`, as the sign-in would have.
 * The methods the server offers come from the sign-in's answer (the navigation's state), or from
 * the address a provider's callback or a verification link landed on (`heldSignInOf`); opened
 * without either, both are offered and the server says which it refuses. A sign-in that resumes an
 * application's authorization request keeps its signed query here too, and leaves for the
 * request's next page.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { FormCheckbox } from '../../../components/form-checkbox';
import { FormTextField } from '../../../components/form-text-field';
import { CardPage } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useAuthClient, useSession } from '../../../lib/auth';
import { isOAuthRedirect, keepOAuthQuery, signedOAuthQueryOf } from '../../../lib/oauth-query';
import { safeRedirect, signInPath } from '../../../lib/safe-redirect';
import { clientErrorOf } from '../../../lib/unwrap';
import { useSendSecondStepCode } from '../api/send-second-step-code';
import { verifySecondStep, type SecondStepMethod, type SecondStepValues } from '../api/verify-second-step';
import { useServerForm } from '../../../lib/use-server-form';
import type { AppError } from '../../../lib/auth';
import { LeavingForApplication } from './oauth-continue';
import type { SecondStepState } from '../lib/second-step';

function methodsOf(state: unknown): string[] {
  const methods = (state as Partial<SecondStepState> | null)?.twoFactorMethods;
  return Array.isArray(methods) ? methods : ['totp', 'otp'];
}

const schema = z.object({
  code: z.string().trim().min(1, 'validation.required'),
  trustDevice: z.boolean(),
});

export function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { data, refetch } = useSession();
  const requested = safeRedirect(searchParams.get('redirectTo'), '');
  const target = requested || '/account';
  const oauthQuery = signedOAuthQueryOf(searchParams);
  const [leaving, setLeaving] = useState(false);
  const offered = methodsOf(useLocation().state);
  const [method, setMethod] = useState<SecondStepMethod>(offered.includes('totp') ? 'totp' : 'backup');
  const [sendError, setSendError] = useState<AppError | null>(null);
  const [sending, setSending] = useState(false);
  const client = useAuthClient();
  const sendCode = useSendSecondStepCode();
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm<SecondStepValues, unknown>({
    schema,
    defaultValues: { code: '', trustDevice: false },
    mutationFn: (values) => verifySecondStep(client, method, values, oauthQuery),
    onSuccess: async (answer) => {
      // The client follows the authorization's next page, maybe on the application's origin.
      if (isOAuthRedirect(answer)) return setLeaving(true);
      // The guarded page must not see the old "signed out" state and send the user back here.
      await refetch();
      navigate(target, { replace: true });
    },
    errorFields: { INVALID_CODE: 'code', INVALID_BACKUP_CODE: 'code', OTP_HAS_EXPIRED: 'code' },
  });

  const switchTo = (next: SecondStepMethod) => {
    setMethod(next);
    setSendError(null);
    form.reset({ code: '', trustDevice: form.getValues('trustDevice') });
  };

  const mailCode = async () => {
    setSending(true);
    setSendError(null);
    try {
      await sendCode();
      switchTo('otp');
      toast({ message: t('twoFactor.codeSent') });
    } catch (cause) {
      setSendError(clientErrorOf(cause));
    } finally {
      setSending(false);
    }
  };

  if (leaving) {
    return (
      <CardPage title={t('twoFactor.title')}>
        <LeavingForApplication />
      </CardPage>
    );
  }
  if (data) return <Navigate to={oauthQuery ? keepOAuthQuery('/sign-in', oauthQuery) : target} replace />;
  return (
    <CardPage title={t('twoFactor.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t(`twoFactor.prompt.${method}`)}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormTextField
          key={method}
          control={form.control}
          name="code"
          label={t(method === 'backup' ? 'twoFactor.backupCode' : 'twoFactor.code')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: method === 'backup' ? {} : { inputMode: 'numeric' } }}
          autoFocus
          required
        />
        <FormCheckbox control={form.control} name="trustDevice" label={t('twoFactor.trustDevice')} />
        <ServerError error={serverError ?? sendError} />
        <SubmitButton pending={pending} fullWidth sx={{ mt: 2 }}>
          {t('twoFactor.submit')}
        </SubmitButton>
      </Box>
      <Stack spacing={1} sx={{ mt: 3, alignItems: 'flex-start' }}>
        {method !== 'totp' && offered.includes('totp') && (
          <Button variant="text" onClick={() => switchTo('totp')}>
            {t('twoFactor.useApp')}
          </Button>
        )}
        {method !== 'backup' && (
          <Button variant="text" onClick={() => switchTo('backup')}>
            {t('twoFactor.useBackupCode')}
          </Button>
        )}
        {offered.includes('otp') && (
          <Button variant="text" onClick={mailCode} disabled={sending}>
            {t(method === 'otp' ? 'twoFactor.sendAgain' : 'twoFactor.sendCode')}
          </Button>
        )}
        <Link component={RouterLink} to={keepOAuthQuery(requested ? signInPath(requested) : '/sign-in', oauthQuery)}>
          {t('backToSignIn')}
        </Link>
      </Stack>
    </CardPage>
  );
}
