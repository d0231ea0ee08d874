/**
 * @module The two-factor plugin's options and their defaults (from the engine's DEFAULTS).
 */
import { DEFAULTS, type AuthContext, type User } from '../../plugin';

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
  mayResetUserTwoFactor?: (caller: User, auth: AuthContext) => boolean | Promise<boolean>;
  /**
   * Whether that caller reaches this user: turning an admin's second factor off is half of taking
   * over their account, so the standalone server asks the admin plugin's reach rule
   * (`platformReach`: an admin target needs `twoFactor:reset-admins`). Everyone by default, as
   * `mayResetUserTwoFactor` already decides who may reset at all.
   */
  mayResetTwoFactorOf?: (caller: User, target: User, auth: AuthContext) => boolean | Promise<boolean>;
}

export interface ResolvedTwoFactorOptions {
  readonly issuer: string;
  readonly trustDeviceMaxAge: number;
  readonly mayResetUserTwoFactor: (caller: User, auth: AuthContext) => boolean | Promise<boolean>;
  readonly mayResetTwoFactorOf: (caller: User, target: User, auth: AuthContext) => boolean | Promise<boolean>;
}

export function resolveTwoFactorOptions(options: TwoFactorOptions): ResolvedTwoFactorOptions {
  return Object.freeze({
    issuer: options.issuer ?? DEFAULTS.twoFactorIssuer,
    trustDeviceMaxAge: options.trustDeviceMaxAge ?? DEFAULTS.trustedDeviceCookieMaxAge,
    mayResetUserTwoFactor: options.mayResetUserTwoFactor ?? (() => false),
    mayResetTwoFactorOf: options.mayResetTwoFactorOf ?? (() => true),
  });
}
