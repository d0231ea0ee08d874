/**
 * @module Turning two-factor on, after the password: the QR code of the otpauth:// URI and its key
 * for typing by hand, the ten backup codes (shown only now), and the first code from the app, which
 * is what turns it on. A wrong code is shown at the field.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { useServerForm } from '../../../lib/use-server-form';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { BackupCodes } from './backup-codes';
import { FormFooter } from './form-footer';
import { TotpQrCode } from './totp-qr-code';

export interface TwoFactorSetupData {
  totpURI: string;
  backupCodes: readonly string[];
}

/** The base32 key of the URI, grouped by four as authenticator apps show it. */
function keyOf(totpURI: string): string {
  const secret = URL.canParse(totpURI) ? (new URL(totpURI).searchParams.get('secret') ?? '') : '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

const schema = z.object({ code: z.string().trim().min(1, 'validation.required') });

export function TwoFactorSetup({ setup, onVerified }: { setup: TwoFactorSetupData; onVerified(): void }) {
  const { t } = useTranslation('account');
  const verify = useVerifyTwoFactor();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { code: '' },
    mutationFn: ({ code }) => verify(code),
    onSuccess: () => onVerified(),
    errorFields: { INVALID_CODE: 'code' },
  });
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('twoFactor.scanTitle')}
        </Typography>
        <TotpQrCode uri={setup.totpURI} label={t('twoFactor.qrAlt')} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('twoFactor.manualEntry')}
        </Typography>
        <Typography component="code" data-testid="totp-key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {keyOf(setup.totpURI)}
        </Typography>
      </Box>
      <BackupCodes codes={setup.backupCodes} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="code"
            label={t('twoFactor.code')}
            helperText={t('twoFactor.codeHelp')}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            required
          />
          <FormFooter serverError={serverError} pending={pending} outcome={null} submitLabel={t('twoFactor.verify')} />
        </Stack>
      </Box>
    </Stack>
  );
}
