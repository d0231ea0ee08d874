/**
 * @module The passkey plugin's options and their resolution. The relying party (its id, the
 * origins a ceremony may come from) follows the auth's baseURL unless set here, as better-auth's
 * `rpID` and `origin` options do; its constants are `PASSKEY_DEFAULTS`.
 */
import type { AuthenticatorSelectionCriteria } from '@simplewebauthn/server';
import type { PluginHost, User } from '../../plugin';

export const PASSKEY_DEFAULTS = Object.freeze({
  /** The relying party's name authenticators show, unless the plugin is given one. */
  rpName: 'Latchkey',
  /** Seconds a ceremony's challenge (and its cookie) lives: better-auth's 5 minutes. */
  challengeMaxAge: 5 * 60,
});

export interface PasskeyOptions {
  /** The relying-party id: a registrable domain suffix of the origins. Default: baseURL's host name. */
  rpID?: string;
  /** The name authenticators show. */
  rpName?: string;
  /** The page origins ceremonies are accepted from. Default: baseURL's origin. */
  origin?: string | string[];
  /** Overrides the registration's authenticator selection (residentKey, userVerification, attachment). */
  authenticatorSelection?: AuthenticatorSelectionCriteria;
  /**
   * Who may list (`list`) or delete (`delete`) another user's passkeys (`/admin/list-user-passkeys`,
   * `/admin/remove-user-passkey`): a platform admin, as the host decides (the standalone server
   * asks the admin plugin's `passkey:*` permissions). Nobody by default: this plugin knows nothing
   * of platform roles, and plugins never import each other.
   */
  mayManageUserPasskeys?: (caller: User, action: 'list' | 'delete', auth: PluginHost) => boolean | Promise<boolean>;
  /**
   * Whether that caller reaches this user for a deletion: taking an admin's passkey away is a step
   * toward taking over their account, so the standalone server asks the admin plugin's reach rule
   * (`platformReach`: an admin target needs `passkey:delete-admins`). Everyone by default.
   */
  mayRemovePasskeysOf?: (caller: User, target: User, auth: PluginHost) => boolean | Promise<boolean>;
}

export interface ResolvedPasskeyOptions {
  readonly rpName: string;
  readonly authenticatorSelection: AuthenticatorSelectionCriteria;
  readonly mayManageUserPasskeys: NonNullable<PasskeyOptions['mayManageUserPasskeys']>;
  readonly mayRemovePasskeysOf: NonNullable<PasskeyOptions['mayRemovePasskeysOf']>;
  /** Relying-party id for this auth. */
  rpID(auth: PluginHost): string;
  /** The origins a ceremony's clientDataJSON may name for this auth. */
  origins(auth: PluginHost): string[];
}

export function resolvePasskeyOptions(options: PasskeyOptions = {}): ResolvedPasskeyOptions {
  const origins = options.origin === undefined ? undefined : [options.origin].flat();
  return Object.freeze({
    rpName: options.rpName ?? PASSKEY_DEFAULTS.rpName,
    mayManageUserPasskeys: options.mayManageUserPasskeys ?? (() => false),
    mayRemovePasskeysOf: options.mayRemovePasskeysOf ?? (() => true),
    // better-auth's: discoverable credentials preferred, so a passkey signs in without an e-mail.
    authenticatorSelection: Object.freeze({
      residentKey: 'preferred',
      userVerification: 'preferred',
      ...options.authenticatorSelection,
    } satisfies AuthenticatorSelectionCriteria),
    // The auth's options are known only when a request comes: the plugin is made before createAuth.
    rpID: (auth: PluginHost) => options.rpID ?? new URL(auth.options.baseURL).hostname,
    origins: (auth: PluginHost) => origins ?? [new URL(auth.options.baseURL).origin],
  });
}
