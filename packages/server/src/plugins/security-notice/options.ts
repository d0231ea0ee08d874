/**
 * @module The security-notice plugin's options: which notices go out (all by default), how long
 * the "this wasn't me" link works, and where it lands.
 */

/** Each thing a user is told of, by mail, when it happens to their account. */
export const SECURITY_NOTICES = [
  'new-browser-sign-in',
  'password-changed',
  'password-reset',
  'email-change-requested',
  'two-factor-enabled',
  'two-factor-disabled',
  'two-factor-reset',
  'passkey-added',
  'account-linked',
  'user-banned',
  'user-unbanned',
] as const;

export type SecurityNotice = (typeof SECURITY_NOTICES)[number];

export interface SecurityNoticeOptions {
  /** The notices that go out; every one by default. */
  notices?: readonly SecurityNotice[];
  /** Seconds the "this wasn't me" link works. */
  linkExpiresIn?: number;
  /**
   * Where the link lands once the user's sessions are revoked, with `email=` (to prefill) and
   * `signedOut=1` added; `error=INVALID_TOKEN` when the link is unknown, used or expired. A path
   * is taken on the base URL's origin (the standalone server's web app).
   */
  landingURL?: string;
}

export const SECURITY_NOTICE_DEFAULTS = Object.freeze({
  notices: SECURITY_NOTICES,
  // A week: a notice is often read days later, and the link can only take access away.
  linkExpiresIn: 7 * 24 * 3600,
  landingURL: '/forgot-password',
});

export interface ResolvedSecurityNoticeOptions {
  readonly notices: ReadonlySet<SecurityNotice>;
  readonly linkExpiresIn: number;
  readonly landingURL: string;
}

export function resolveSecurityNoticeOptions(options: SecurityNoticeOptions): ResolvedSecurityNoticeOptions {
  return Object.freeze({
    notices: new Set(options.notices ?? SECURITY_NOTICE_DEFAULTS.notices),
    linkExpiresIn: options.linkExpiresIn ?? SECURITY_NOTICE_DEFAULTS.linkExpiresIn,
    landingURL: options.landingURL ?? SECURITY_NOTICE_DEFAULTS.landingURL,
  });
}
