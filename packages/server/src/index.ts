/**
 * @module @latchkey/server: the engine's public API.
 */
export { createAuth, type Auth } from './create-auth';
export { DEFAULTS, type AuthOptions, type Logger } from './auth/options';
export type { AuthEvent, AuthEventDetail, AuthObserver, RequestRecord } from './events/observer';
// A plugin outside this package adds its events by augmenting `AuthEventRegistry` here
// (plugin/event-registry.ts).
export type {
  AuthEventRegistry,
  AuthEventType,
  CoreEventRegistry,
  CoreEventType,
  DeclaredEvents,
} from './plugin/event-registry';
// Plugins outside this package tell their events as the bundled ones do.
export { emitEvent, type EventFields, type EventOrigin } from './events/emit-event';
export {
  AuthError,
  ERRORS,
  defineErrors,
  codeFromMessage,
  type CodeFromMessage,
  type CodesOf,
  type CoreErrorCode,
  type ErrorCatalogue,
  type ErrorDeclaration,
  type ErrorEntry,
} from './endpoint/errors';
export { defineEndpoint, type Endpoint, type EndpointContext } from './endpoint/define-endpoint';
export { redirectUrl } from './validation/fields';
export type { CoreEndpoints } from './auth/core-endpoints';
export {
  definePlugin,
  type Plugin,
  type PluginHooks,
  type ExpiringRows,
  type FieldDeclaration,
  type FieldDeclarations,
  type FieldType,
} from './plugin/define-plugin';
export type {
  AuthApi,
  AuthEndpoint,
  AuthErrorCode,
  AuthEventTypeOf,
  PluginEndpoint,
  PluginUserFields,
  PluginSessionFields,
} from './auth/auth-types';
export { definePluginSchema, type DatabaseOf, type PluginDatabase, type PluginSchema } from './plugin/schema';
// What a plugin's hooks are handed: the engine's context, typed down to what a plugin may use.
export type { PluginHost } from './plugin/plugin-host';
export type { AuthHandler, RequestInfo } from './handler/fetch-handler';
export { isRequestId, REQUEST_ID_HEADER } from './http/request-id';
export { normalizeIp } from './http/client-ip';
export { isLocatableIp, type IpLocation, type IpLocator } from './ip-location/ip-location';
export { openGeoIpDatabase } from './ip-location/geoip-database';
export { STRICT_TRANSPORT_SECURITY } from './handler/strict-transport';
export { chooseEncoding } from './http/accept-encoding';
export type { PoolStats } from './db/create-database';
export type { NodeHandler } from './handler/node-handler';
export type { FailureCount, KeyValueStore, LockoutRule, WindowCount } from './storage/key-value-store';
export { parseDatabaseUrl, type ParsedDatabaseUrl } from './db/database-url';
export type { MigrationSql } from './db/migration-sql';
export type { User, Session } from './db/records';
export { createRedisStore, type RedisStore } from './storage/redis-store';
export {
  createRedisRevocationFeed,
  type RedisRevocationFeed,
  type RedisRevocationFeedOptions,
} from './storage/redis-revocation-feed';
export type { RevocationFeed, RevocationListener, RevocationNote } from './session/revocations';
export { createMemoryStore } from './storage/memory-store';
export type { Mailer, MailMessage } from './mail/mailer';
export { createSmtpMailer, type SmtpMailer } from './mail/smtp-mailer';
export { createOutboxMailer, type OutboxMailer, type OutboxMail } from './mail/outbox-mailer';
export { github } from './oauth/providers/github';
export { discord } from './oauth/providers/discord';
export { facebook } from './oauth/providers/facebook';
export { spotify } from './oauth/providers/spotify';
export { twitter } from './oauth/providers/twitter';
export { dropbox } from './oauth/providers/dropbox';
export { linkedin } from './oauth/providers/linkedin';
export { tiktok } from './oauth/providers/tiktok';
export { reddit } from './oauth/providers/reddit';
export { roblox } from './oauth/providers/roblox';
export { vk } from './oauth/providers/vk';
export { google, type GoogleOptions } from './oauth/providers/google';
export { microsoft, type MicrosoftOptions } from './oauth/providers/microsoft';
export { apple, type AppleOptions } from './oauth/providers/apple';
export { twitch, type TwitchOptions } from './oauth/providers/twitch';
export { gitlab, type GitlabOptions } from './oauth/providers/gitlab';
export { kick } from './oauth/providers/kick';
export {
  SOCIAL_PROVIDERS,
  SOCIAL_PROVIDER_IDS,
  createSocialProvider,
  isSocialProviderId,
  type ProviderSetting,
  type SocialProviderEntry,
  type SocialProviderId,
  type SocialProviderSettings,
} from './oauth/providers';
export { isLoopbackURL } from './oauth/oauth2';
export { oidc, type OidcProviderOptions } from './oauth/providers/oidc';
export type {
  OAuthProvider,
  ProviderCredentials,
  ProviderEndpoints,
  ProviderProfile,
  ProviderTokens,
  AuthorizationRequest,
  CodeExchange,
  IdTokenInput,
} from './oauth/provider';
// The package index is where the deployable and library users pick plugins up; the engine itself never imports one.
/* eslint-disable import/no-restricted-paths -- the package entry re-exports the bundled plugins */
// One statement per plugin: deleting a plugin is deleting its folder and its line here.
export { usernamePlugin, USERNAME_DEFAULTS, type UsernameOptions } from './plugins/username';
export {
  twoFactorPlugin,
  twoFactorImportRow,
  TWO_FACTOR_DEFAULTS,
  TWO_FACTOR_ERRORS,
  type ImportedTwoFactor,
  type TwoFactorOptions,
} from './plugins/two-factor';
export {
  adminPlugin,
  platformPermission,
  platformReach,
  ADMIN_DEFAULTS,
  ADMIN_STATEMENTS,
  DEFAULT_ADMIN_ROLES,
  type AdminOptions,
  type AdminRoleTable,
  type ProvisionAdminInput,
  type ProvisionAdminResult,
} from './plugins/admin';
export { organizationPlugin, ORGANIZATION_DEFAULTS, type OrganizationOptions } from './plugins/organization';
export { passkeyPlugin, PASSKEY_DEFAULTS, PASSKEY_ERRORS, type PasskeyOptions } from './plugins/passkey';
export { auditPlugin, AUDIT_DEFAULTS, AUDIT_ERRORS, type AuditEvent, type AuditOptions } from './plugins/audit';
export {
  securityNoticePlugin,
  SECURITY_NOTICE_DEFAULTS,
  SECURITY_NOTICES,
  type SecurityNotice,
  type SecurityNoticeOptions,
} from './plugins/security-notice';
export {
  oauthProviderPlugin,
  OAUTH_PROVIDER_DEFAULTS,
  OAUTH_PROVIDER_ERRORS,
  oauthProtectedResourceMetadata,
  type OAuthProviderOptions,
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataInput,
} from './plugins/oauth-provider';
/* eslint-enable import/no-restricted-paths */
