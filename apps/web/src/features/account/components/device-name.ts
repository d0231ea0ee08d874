/**
 * @module A session's device as a person reads it: "Firefox 128 on Windows", in the account's words.
 */
import type { TFunction } from 'i18next';
import { deviceName as sharedDeviceName } from '../../../lib/device-name';

export function deviceName(t: TFunction<'account'>, userAgent: string | null | undefined): string {
  return sharedDeviceName(userAgent, {
    on: (browser, os) => t('sessions.deviceOn', { browser, os }),
    unknown: t('sessions.unknownDevice'),
  });
}
