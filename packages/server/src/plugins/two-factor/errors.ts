/**
 * @module The two-factor plugin's entries of the error catalogue: better-auth 1.7's messages and
 * codes (its TWO_FACTOR_ERROR_CODES), which `twoFactorClient()` users match on, with the statuses
 * better-auth answers them with, and Latchkey's own for the routes better-auth has not.
 */
import { defineErrors } from '../../plugin';

export const TWO_FACTOR_ERRORS = defineErrors({
  otpNotEnabled: [400, 'OTP not enabled', 'OTP_NOT_ENABLED'],
  otpNotConfigured: [400, 'OTP is not available', 'OTP_NOT_CONFIGURED'],
  otpHasExpired: [400, 'OTP has expired', 'OTP_HAS_EXPIRED'],
  totpNotEnabled: [400, 'TOTP not enabled', 'TOTP_NOT_ENABLED'],
  totpAlreadyEnabled: [400, 'TOTP is already enabled', 'TOTP_ALREADY_ENABLED'],
  twoFactorNotEnabled: [400, "Two factor isn't enabled", 'TWO_FACTOR_NOT_ENABLED'],
  backupCodesNotEnabled: [400, "Backup codes aren't enabled", 'BACKUP_CODES_NOT_ENABLED'],
  invalidBackupCode: [401, 'Invalid backup code', 'INVALID_BACKUP_CODE'],
  invalidCode: [401, 'Invalid code', 'INVALID_CODE'],
  tooManyAttemptsRequestNewCode: [
    400,
    'Too many attempts. Please request a new code.',
    'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  ],
  accountTemporarilyLocked: [
    429,
    'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
    'ACCOUNT_TEMPORARILY_LOCKED',
  ],
  invalidTwoFactorCookie: [401, 'Invalid two factor cookie', 'INVALID_TWO_FACTOR_COOKIE'],
  // Latchkey's own (better-auth cannot list trusted browsers, nor reset a user's two-factor), worded
  // as the admin plugin's refusals are (SPEC §8, Admin).
  trustedDeviceNotFound: [404, 'Trusted device not found'],
  notAllowedToResetTwoFactor: [403, 'You are not allowed to reset users two-factor authentication'],
  // As "You cannot ban yourself": one's own second factor is turned off with the password, in
  // Account → Security, so that a stolen admin session cannot strip it without one.
  cannotResetOwnTwoFactor: [400, 'You cannot reset your own two-factor authentication'],
  // The host's reach rule refused this target (an admin, or a user who may do more than the caller).
  notAllowedToResetThisUsersTwoFactor: [403, 'You are not allowed to reset the two-factor authentication of this user'],
});
