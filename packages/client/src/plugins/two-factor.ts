/**
 * @module `twoFactorClient()`: the two-factor plugin's routes (`client.twoFactor.enable`,
 * `verifyTotp`, `verifyBackupCode`, `sendOtp`, `verifyOtp`, `generateBackupCodes`, `getTotpUri`,
 * `disable`), and Latchkey's own `listTrustedDevices`, `forgetTrustedDevice` and
 * `client.admin.resetUserTwoFactor`. The calls that turn it on or off, or finish a held sign-in, change the session's user
 * (`twoFactorEnabled`) or create the session, so they make the session stale (SPEC §4).
 */
import type { twoFactorPlugin } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from '../client-plugin';

type TwoFactorEndpoint = NonNullable<ReturnType<typeof twoFactorPlugin>['endpoints']>[number];

export function twoFactorClient() {
  return defineClientPlugin({
    id: 'two-factor',
    routes: {
      enableTwoFactor: { path: '/two-factor/enable', method: 'POST' },
      verifyTOTP: { path: '/two-factor/verify-totp', method: 'POST' },
      disableTwoFactor: { path: '/two-factor/disable', method: 'POST' },
      verifyBackupCode: { path: '/two-factor/verify-backup-code', method: 'POST' },
      generateBackupCodes: { path: '/two-factor/generate-backup-codes', method: 'POST' },
      getTOTPURI: { path: '/two-factor/get-totp-uri', method: 'POST' },
      sendTwoFactorOTP: { path: '/two-factor/send-otp', method: 'POST' },
      verifyTwoFactorOTP: { path: '/two-factor/verify-otp', method: 'POST' },
      // Latchkey's own: trusted browsers listed and forgotten, and an administrator's reset.
      listTrustedDevices: { path: '/two-factor/list-trusted-devices', method: 'GET' },
      forgetTrustedDevice: { path: '/two-factor/forget-trusted-device', method: 'POST' },
      resetUserTwoFactor: { path: '/admin/reset-user-two-factor', method: 'POST' },
    } satisfies RouteTableOf<TwoFactorEndpoint>,
    refresh: {
      // `method: 'otp'` turns it on at once.
      enableTwoFactor: ['session'],
      verifyTOTP: ['session'],
      disableTwoFactor: ['session'],
      verifyBackupCode: ['session'],
      verifyTwoFactorOTP: ['session'],
    },
  });
}

export type TwoFactorClient = ReturnType<typeof twoFactorClient>;

declare module '../client-plugin' {
  interface ClientPluginRegistry {
    twoFactor: TwoFactorClient;
  }
}
