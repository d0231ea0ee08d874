/**
 * @module Trusted devices (Account → Security, beneath two-factor): the browsers that skip the
 * second step at sign-in because "trust this device" was ticked there, each with the IP address it
 * was trusted from (and where that is, with a GeoIP database on the server), its dates and
 * "forget" (after a confirmation), which makes it ask the second step again. Shown while two-factor
 * is on, or while any trusted browser is left to forget.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { ItemRow } from './item-row';
import { SectionLoading } from './section-loading';
import { formatDateTime } from '../../../lib/format-date';
import { placeName } from '../../../lib/place-name';

function TrustedDeviceRow({ device, onForget }: { device: TrustedDevice; onForget(device: TrustedDevice): void }) {
  const { t, i18n } = useTranslation('account');
  const date = (value: Date | string) => formatDateTime(value, i18n.language);
  const name = deviceName(t, device.userAgent);
  const place = placeName(device.location);
  // Worded as the sessions' lines are: the same facts under the same names.
  const details: [string, string][] = [
    [t('sessions.ip'), device.ipAddress ?? t('sessions.unknownIp')],
    ...(place ? [[t('sessions.location'), place] as [string, string]] : []),
    [t('trustedDevices.trusted'), date(device.createdAt)],
    [t('trustedDevices.lastUsed'), date(device.lastUsedAt)],
    [t('trustedDevices.expires'), date(device.expiresAt)],
  ];
  return (
    <ItemRow
      testId="trusted-device-row"
      current={device.current}
      heading={name}
      headingTitle={device.userAgent}
      chip={device.current && <Chip size="small" color="primary" label={t('trustedDevices.thisDevice')} />}
      details={details}
      actions={
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={() => onForget(device)}
          aria-label={t('trustedDevices.forgetDevice', { device: name })}
        >
          {t('trustedDevices.forget')}
        </Button>
      }
    />
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
