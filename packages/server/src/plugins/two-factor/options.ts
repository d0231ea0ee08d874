/**
 * @module The two-factor plugin's options and their defaults (from the engine's DEFAULTS).
 */
import { DEFAULTS } from '../../plugin-api';

export interface TwoFactorOptions {
  /** The name authenticator apps show beside the account; a request's `issuer` overrides it. */
  issuer?: string;
  /** Seconds a trusted browser skips the second step (SPEC §9: 30 days). */
  trustDeviceMaxAge?: number;
}

export interface ResolvedTwoFactorOptions {
  readonly issuer: string;
  readonly trustDeviceMaxAge: number;
}

export function resolveTwoFactorOptions(options: TwoFactorOptions): ResolvedTwoFactorOptions {
  return Object.freeze({
    issuer: options.issuer ?? DEFAULTS.twoFactorIssuer,
    trustDeviceMaxAge: options.trustDeviceMaxAge ?? DEFAULTS.trustedDeviceCookieMaxAge,
  });
}
