/**
 * @module The plugins the standalone server enables, in one place: the server and the
 * `create-admin` command must agree on them, since they decide the migrations and the user columns.
 * Their precise types make `StandaloneAuth` (index.ts), which the web app's client is typed from.
 */
import {
  DEFAULT_ADMIN_ROLES,
  adminPlugin,
  auditPlugin,
  oauthProviderPlugin,
  organizationPlugin,
  passkeyPlugin,
  platformPermission,
  platformReach,
  securityNoticePlugin,
  SECURITY_NOTICES,
  twoFactorPlugin,
  usernamePlugin,
} from '@latchkey/server';
import type { ServerConfig } from './config';
import { transportErrorsPlugin } from './transport-errors';

type OAuthProviderConfig =
  'oauthProvider' | 'oauthScopes' | 'oauthResources' | 'oauthDynamicRegistration' | 'oauthOrganizationClients';

export function serverPlugins(
  config: Pick<ServerConfig, 'adminEmails'> &
    Partial<
      Pick<
        ServerConfig,
        | 'adminRoles'
        | 'organizationLimit'
        | 'maximumTeams'
        | 'auditRetentionDays'
        | 'securityNotices'
        | OAuthProviderConfig
      >
    >,
) {
  // ADMIN_ROLES adds roles; it cannot redefine the built-in admin and user (admin-roles.ts).
  const admin = { adminEmails: [...config.adminEmails], roles: { ...DEFAULT_ADMIN_ROLES, ...config.adminRoles } };
  const allows = platformPermission(admin);
  const reaches = platformReach(admin);
  return [
    usernamePlugin(),
    adminPlugin(admin),
    // Teams on: the web app manages them, and better-auth clients with teams expect the routes.
    organizationPlugin({
      organizationLimit: config.organizationLimit,
      teams: { enabled: true, maximumTeams: config.maximumTeams },
      // The admin console's page of a user lists their organizations to whoever may view that user.
      mayListUserOrganizations: (caller) => allows(caller, { user: ['get'] }),
    }),
    // The security events of every plugin above; the admin console lists them to whoever the
    // admin roles grant audit:list (platformPermission), as they grant the user page's organizations.
    auditPlugin({
      retentionDays: config.auditRetentionDays,
      mayListAuditEvents: (caller) => allows(caller, { audit: ['list'] }),
    }),
    // A second sign-in step (TOTP, mailed codes, backup codes) and trusted browsers; the web app's
    // Account → Security turns it on, its sign-in screen has the second step (issue #19).
    // Admins reset a user's two-factor (a lost phone) if their roles grant twoFactor:reset.
    // Another admin's (or a mightier user's) only with twoFactor:reset-admins and the reach rule.
    twoFactorPlugin({
      mayResetUserTwoFactor: (caller) => allows(caller, { twoFactor: ['reset'] }),
      mayResetTwoFactorOf: (caller, target) => reaches(caller, target, ['twoFactor', 'reset']),
    }),
    // Passkeys (WebAuthn): registered in Account → Security, a sign-in button and the sign-in form's
    // autofill. The relying party follows BASE_URL: its host name is the RP ID and its origin the
    // only accepted one, so passkeys made under one BASE_URL host do not work under another (issue #19).
    // The admin console's user page lists and deletes a user's passkeys with passkey:list and
    // passkey:delete; another admin's (or a mightier user's) only with passkey:delete-admins and the reach rule.
    passkeyPlugin({
      mayManageUserPasskeys: (caller, action) => allows(caller, { passkey: [action] }),
      mayRemovePasskeysOf: (caller, target) => reaches(caller, target, ['passkey', 'delete']),
    }),
    // Latchkey as an OAuth 2.1 authorization server and OpenID Provider for other applications
    // (issue #31), on unless OAUTH_PROVIDER=off; its discovery documents are also answered at the
    // origin's root (http-server.ts).
    ...(config.oauthProvider === false
      ? []
      : [
          oauthProviderPlugin({
            scopes: config.oauthScopes ?? [],
            resources: config.oauthResources ?? [],
            dynamicRegistration: config.oauthDynamicRegistration ?? 'off',
            organizationClients: config.oauthOrganizationClients ?? true,
          }),
        ]),
    // Mails telling users of a new-browser sign-in, a changed password, … with a "this wasn't me"
    // link that lands on the web app's forgotten-password page (issue #32); SECURITY_NOTICES picks them.
    securityNoticePlugin({ notices: config.securityNotices ?? SECURITY_NOTICES }),
    transportErrorsPlugin(),
  ] as const;
}

/** The standalone server's plugins, as types. */
export type ServerPlugins = ReturnType<typeof serverPlugins>;
