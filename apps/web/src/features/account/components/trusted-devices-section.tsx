/**
 * @module Trusted devices (Account → Security, beneath two-factor): the browsers that skip the
 * second step at sign-in because "trust this device" was ticked there, each with its dates and
 * "forget" (after a confirmation), which makes it ask the second step again. Shown while two-factor
 * is on, or while any trusted browser is left to forget.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useForgetTrustedDevice } from '../api/forget-trusted-device';
import { useListTrustedDevices, type TrustedDevice } from '../api/list-trusted-devices';
import { AccountSection } from './account-section';
import { deviceName } from './device-name';
import { SectionLoading } from './section-loading';

function TrustedDeviceRow({ device, onForget }: { device: TrustedDevice; onForget(device: TrustedDevice): void }) {
  const { t, i18n } = useTranslation('account');
  const date = (value: Date | string) =>
    new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const name = deviceName(t, device.userAgent);
  const details: [string, string][] = [
    [t('trustedDevices.trusted'), date(device.createdAt)],
    [t('trustedDevices.lastUsed'), date(device.lastUsedAt)],
    [t('trustedDevices.expires'), date(device.expiresAt)],
  ];
  return (
    <Box
      component="li"
      data-testid="trusted-device-row"
      data-current={device.current || undefined}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography component="h3" variant="subtitle1" title={device.userAgent ?? undefined}>
            {name}
          </Typography>
          {device.current && <Chip size="small" color="primary" label={t('trustedDevices.thisDevice')} />}
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            rowGap: 0.25,
            m: 0,
            typography: 'body2',
            color: 'text.secondary',
          }}
        >
          {details.map(([term, value]) => (
            <Box key={term} sx={{ display: 'flex', gap: 0.5 }}>
              <Box component="dt">{term}:</Box>
              <Box component="dd" sx={{ m: 0, color: 'text.primary' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={() => onForget(device)}
        aria-label={t('trustedDevices.forgetDevice', { device: name })}
      >
        {t('trustedDevices.forget')}
      </Button>
    </Box>
  );
}

/** This device first, then by last use. */
const byRecency = (a: TrustedDevice, b: TrustedDevice) =>
  Number(b.current) - Number(a.current) || new Date(b.lastUsedAt).getTime() - new Date(a.lastUsedAt).getTime();

export function TrustedDevicesSection({ twoFactorOn }: { twoFactorOn: boolean }) {
  const { t } = useTranslation('account');
  const devices = useListTrustedDevices();
  const forget = useForgetTrustedDevice();
  const [target, setTarget] = useState<TrustedDevice | null>(null);
  const toast = useToast();
  const list = devices.data ?? [];
  if (!twoFactorOn && list.length === 0) return null;

  return (
    <AccountSection title={t('trustedDevices.title')} description={t('trustedDevices.description')}>
      {devices.isPending && <SectionLoading />}
      <ServerError error={clientErrorOf(devices.error)} />
      {devices.data && list.length === 0 && <Alert severity="info">{t('trustedDevices.none')}</Alert>}
      {list.length > 0 && (
        <Box component="ul" aria-label={t('trustedDevices.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {[...list].sort(byRecency).map((device) => (
            <TrustedDeviceRow
              key={device.id}
              device={device}
              onForget={(chosen) => {
                forget.reset();
                setTarget(chosen);
              }}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={target !== null}
        title={t('trustedDevices.forgetTitle')}
        text={target ? t('trustedDevices.forgetText', { device: deviceName(t, target.userAgent) }) : ''}
        confirmLabel={t('trustedDevices.forget')}
        pending={forget.isPending}
        error={clientErrorOf(forget.error)}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          forget.mutate(target.id, {
            onSuccess: () => {
              toast({ message: t('trustedDevices.forgotten', { device: deviceName(t, target.userAgent) }) });
              setTarget(null);
            },
          });
        }}
      />
    </AccountSection>
  );
}
