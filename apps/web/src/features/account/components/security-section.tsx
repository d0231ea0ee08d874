/**
 * @module The security section (/account/security): two-factor authentication. Off: turn it on
 * with the password, then scan the QR code (or type the key), keep the ten backup codes, and enter
 * a first code from the app, which is what turns it on. On: turn it off, or make new backup codes,
 * each with the password. The status is the session's user's `twoFactorEnabled`. Beneath it, the
 * trusted devices (trusted-devices-section.tsx).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../lib/auth';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useGenerateBackupCodes } from '../api/generate-backup-codes';
import { AccountSection } from './account-section';
import { BackupCodes } from './backup-codes';
import { PasswordConfirmForm } from './password-confirm-form';
import { SectionLoading } from './section-loading';
import { TrustedDevicesSection } from './trusted-devices-section';
import { TwoFactorSetup, type TwoFactorSetupData } from './two-factor-setup';

export function SecuritySection() {
  const { t } = useTranslation('account');
  const session = useSession();
  const toast = useToast();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const generate = useGenerateBackupCodes();
  const [setup, setSetup] = useState<TwoFactorSetupData | null>(null);
  const [newCodes, setNewCodes] = useState<readonly string[] | null>(null);
  const user = session.data?.user;
  if (!user) return <SectionLoading />;
  const on = user.twoFactorEnabled === true;

  const twoFactor = (
    <AccountSection title={t('twoFactor.title')} description={t('twoFactor.description')}>
      <Alert severity={on ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="two-factor-status">
        {on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
      </Alert>
      {!on && !setup && (
        <PasswordConfirmForm
          label={t('twoFactor.enable')}
          submitLabel={t('twoFactor.enable')}
          submit={enable}
          onDone={(answer) => setSetup({ totpURI: answer.totpURI ?? '', backupCodes: answer.backupCodes ?? [] })}
        />
      )}
      {!on && setup && (
        <TwoFactorSetup
          setup={setup}
          onVerified={() => {
            setSetup(null);
            toast({ message: t('twoFactor.statusOn') });
          }}
        />
      )}
      {on && (
        <Stack spacing={3} divider={<Divider />}>
          <Box>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {t('twoFactor.regenerateTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('twoFactor.regenerateHelp')}
            </Typography>
            <PasswordConfirmForm
              label={t('twoFactor.regenerateTitle')}
              submitLabel={t('twoFactor.regenerate')}
              submit={generate}
              onDone={(answer) => {
                setNewCodes(answer.backupCodes);
                toast({ message: t('twoFactor.regenerated') });
              }}
            />
            {newCodes && (
              <Box sx={{ mt: 2 }}>
                <BackupCodes codes={newCodes} />
              </Box>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {t('twoFactor.disableTitle')}
            </Typography>
            <PasswordConfirmForm
              label={t('twoFactor.disableTitle')}
              submitLabel={t('twoFactor.disable')}
              destructive
              submit={disable}
              onDone={() => {
                setNewCodes(null);
                toast({ message: t('twoFactor.statusOff') });
              }}
            />
          </Box>
        </Stack>
      )}
    </AccountSection>
  );

  return (
    <>
      {twoFactor}
      <TrustedDevicesSection twoFactorOn={on} />
    </>
  );
}
