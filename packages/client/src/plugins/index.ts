/**
 * @module @latchkey/client/plugins: the client plugins of the bundled server plugins. A client of
 * a server with plugins is given theirs: `createAuthClient<typeof auth>({ baseURL, plugins:
 * [organizationClient(), adminClient(), usernameClient(), auditClient(), twoFactorClient(),
 * passkeyClient(), oauthProviderClient()] })`.
 */
export {
  organizationClient,
  type OrganizationClient,
  type OrganizationListData,
  type OrganizationData,
  type FullOrganizationData,
  type MemberData,
} from './organization';
export { adminClient, type AdminClient } from './admin';
export { usernameClient, type UsernameClient } from './username';
export { auditClient, type AuditClient } from './audit';
export { twoFactorClient, type TwoFactorClient } from './two-factor';
export { passkeyClient, type PasskeyClient } from './passkey';
export { oauthProviderClient, type OAuthProviderClient } from './oauth-provider';
