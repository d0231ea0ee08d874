/**
 * @module The two-factor plugin (issue #19): TOTP with backup codes and mailed codes as a second
 * sign-in step, and trusted browsers that skip it, wire-compatible with better-auth 1.7's
 * `twoFactor` plugin so that its `twoFactorClient()` works unchanged. It uses the engine only
 * through the contract (`src/plugin`); the sign-in is held through the `interceptSignIn` hook. Latchkey adds the
 * list of trusted browsers (and forgetting one) and an administrator's reset of a user's two-factor.
 */
import { definePlugin } from '../../plugin';
import { TWO_FACTOR_ERRORS } from './errors';
import { TWO_FACTOR_EVENTS } from './events';
import { twoFactorMigration } from './migrations/0600-two-factor';
import { trustedDeviceMigration } from './migrations/0601-trusted-device';
import { twoFactorEnabledNotNullMigration } from './migrations/0602-two-factor-enabled-not-null';
import { twoFactorMailedCodeMigration } from './migrations/0603-two-factor-mailed-code';
import { TWO_FACTOR_DEFAULTS, resolveTwoFactorOptions, type TwoFactorOptions } from './options';
import { disableTwoFactor } from './routes/disable';
import { enableTwoFactor } from './routes/enable';
import { generateBackupCodes } from './routes/generate-backup-codes';
import { getTotpUri } from './routes/get-totp-uri';
import { verifyBackupCode } from './routes/verify-backup-code';
import { sendOtp } from './routes/send-otp';
import { verifyOtp } from './routes/verify-otp';
import { verifyTotp } from './routes/verify-totp';
import { forgetTrustedDeviceRoute } from './routes/forget-trusted-device';
import { listTrustedDevicesRoute } from './routes/list-trusted-devices';
import { resetUserTwoFactor } from './routes/reset-user-two-factor';
import { TWO_FACTOR_EXPIRING_ROWS, twoFactorSchema } from './schema';
import { interceptTwoFactorSignIn } from './sign-in-hook';
import { forgetTrustedDevices } from './trusted-device';

export { TWO_FACTOR_DEFAULTS, TWO_FACTOR_ERRORS, type TwoFactorOptions };
export { twoFactorImportRow, type ImportedTwoFactor } from './import-row';

export function twoFactorPlugin(input: TwoFactorOptions = {}) {
  const options = resolveTwoFactorOptions(input);
  return definePlugin({
    id: 'two-factor',
    errors: TWO_FACTOR_ERRORS,
    events: TWO_FACTOR_EVENTS,
    endpoints: [
      enableTwoFactor(options),
      verifyTotp(options),
      disableTwoFactor,
      verifyBackupCode(options),
      generateBackupCodes,
      getTotpUri(options),
      sendOtp,
      verifyOtp(options),
      listTrustedDevicesRoute,
      forgetTrustedDeviceRoute,
      resetUserTwoFactor(options),
    ],
    migrations: [
      twoFactorMigration,
      trustedDeviceMigration,
      twoFactorEnabledNotNullMigration,
      twoFactorMailedCodeMigration,
    ],
    expiringRows: TWO_FACTOR_EXPIRING_ROWS,
    fields: twoFactorSchema.fields,
    hooks: {
      interceptSignIn: interceptTwoFactorSignIn(options),
      // A reset, or a change that ends other sessions, also ends the browsers trusted to skip the
      // second step: else whoever held one keeps half the account's protection after it was taken back.
      async afterPasswordChanged(userId, { revokeOthers }, auth) {
        if (revokeOthers) await forgetTrustedDevices(auth, userId);
      },
    },
  });
}
