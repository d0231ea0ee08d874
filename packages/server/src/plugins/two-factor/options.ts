/**
 * @module The two-factor plugin's options and its constants (`TWO_FACTOR_DEFAULTS`), resolved
 * once. The trusted-device cookie's lifetime is the engine's `DEFAULTS.trustedDeviceCookieMaxAge`:
 * the core's device cookie, which sign-in throttling trusts, lives as long.
 */
import { DEFAULTS, type PluginHost, type User } from '../../plugin';

/** Times in seconds. */
export const TWO_FACTOR_DEFAULTS = Object.freeze({
  /** The name authenticator apps show beside the account, unless configured… */
  issuer: 'Latchkey',
  /** …how long a sign-in may wait for its second step (better-auth's two_factor cookie: 10 minutes)… */
  challengeExpiresIn: 10 * 60,
  /** …how long a mailed code lasts (better-auth's OTP period: 3 minutes), and wrong tries it allows… */
  otpExpiresIn: 3 * 60,
  otpAllowedAttempts: 5,
  /** …the codes one pending sign-in may try, whatever the kind (better-auth's five)… */
  challengeAllowedAttempts: 5,
  /**
   * …the consecutive wrong codes, across pending sign-ins, after which the account's second step is
   * locked (better-auth's accountLockout: ten, for fifteen minutes; here growing to an hour as the
   * sign-in lock does)…
   */
  lockoutThreshold: 10,
  lockoutSeconds: 15 * 60,
  /** …and the backup codes: how many, and how long each (better-auth's: 10 of 10 characters). */
  backupCodeCount: 10,
  backupCodeLength: 10,
});

export interface TwoFactorOptions {
  /** The name authenticator apps show beside the account; a request's `issuer` overrides it. */
  issuer?: string;
  /** Seconds a trusted browser skips the second step (SPEC §9: 30 days). */
  trustDeviceMaxAge?: number;
  /**
   * Who may turn another user's two-factor off (`POST /admin/reset-user-two-factor`): a platform
   * admin, as the host decides (the standalone server asks the admin plugin). Nobody by default:
   * this plugin knows nothing of platform roles, and plugins never import each other.
   */
  mayResetUserTwoFactor?: (caller: User, auth: PluginHost) => boolean | Promise<boolean>;
  /**
   * Whether that caller reaches this user: turning an admin's second factor off is half of taking
   * over their account, so the standalone server asks the admin plugin's reach rule
   * (`platformReach`: an admin target needs `twoFactor:reset-admins`). Everyone by default, as
   * `mayResetUserTwoFactor` already decides who may reset at all.
   */
  mayResetTwoFactorOf?: (caller: User, target: User, auth: PluginHost) => boolean | Promise<boolean>;
}

export interface ResolvedTwoFactorOptions {
  readonly issuer: string;
  readonly trustDeviceMaxAge: number;
  readonly mayResetUserTwoFactor: (caller: User, auth: PluginHost) => boolean | Promise<boolean>;
  readonly mayResetTwoFactorOf: (caller: User, target: User, auth: PluginHost) => boolean | Promise<boolean>;
}

export function resolveTwoFactorOptions(options: TwoFactorOptions): ResolvedTwoFactorOptions {
  return Object.freeze({
    issuer: options.issuer ?? TWO_FACTOR_DEFAULTS.issuer,
    trustDeviceMaxAge: options.trustDeviceMaxAge ?? DEFAULTS.trustedDeviceCookieMaxAge,
    mayResetUserTwoFactor: options.mayResetUserTwoFactor ?? (() => false),
    mayResetTwoFactorOf: options.mayResetTwoFactorOf ?? (() => true),
  });
}
