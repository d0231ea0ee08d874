/**
 * @module The oauth-provider plugin's entries of the error catalogue, for the routes our web app
 * and better-auth's client call (client and consent management). better-auth answers these routes with the
 * protocol's `{error, error_description}`; the codes here are its `error` values upper-cased, and
 * the details name the field and say what is wrong with it (its `error_description`). The
 * protocol routes answer in the RFC's shape instead (oauth-error.ts).
 */
import { defineErrors } from '../../plugin';

export const OAUTH_PROVIDER_ERRORS = defineErrors({
  // An unknown client_id, and another owner's client: one answer, so ids cannot be probed.
  clientNotFound: [404, 'Client not found'],
  invalidClientMetadata: [400, 'Invalid client metadata', 'INVALID_CLIENT_METADATA'],
  invalidRedirectUri: [400, 'Invalid redirect URI', 'INVALID_REDIRECT_URI'],
  invalidScope: [400, 'Invalid scope', 'INVALID_SCOPE'],
  // better-auth's invalid_client answer to a rotation asked of a client without a secret.
  secretRotationUnavailable: [
    400,
    'Secret rotation is only available for clients using client_secret authentication',
    'INVALID_CLIENT',
  ],
  // Latchkey's own: better-auth drops these fields from its non-admin bodies without a word; we
  // refuse, so nobody believes a consent screen was skipped when it was not.
  restrictedClientFields: [403, 'Only a platform admin may set these client fields'],
  // Latchkey's own: better-auth's admin routes are server-only; ours are served to platform admins.
  notAllowedToAdministerClients: [403, 'You are not allowed to administer OAuth clients'],
  // Latchkey's own: better-auth leaves who may act for an organization to `clientPrivileges`; we
  // ask the organization's roles (`organization: update`), refusing alike whether or not the
  // caller is a member, so an organization's existence is not confirmed to outsiders.
  notAllowedToManageOrganizationClients: [403, 'You are not allowed to manage the OAuth clients of this organization'],
  // An unknown consent, and another user's: telling them apart would confirm that an id exists.
  consentNotFound: [404, 'no consent'],
  // A consent may hold only scopes its client may ask for.
  scopesNotAllowed: [400, 'unable to provide scopes to this client'],
  // Latchkey's own (the admin console): a grant id that issued no token to the client named.
  grantNotFound: [404, 'Grant not found'],
  // The device verification page's routes (RFC 8628 §3.3): better-auth's device-authorization
  // messages and codes. An unknown user code and one of a disabled client answer alike.
  invalidUserCode: [400, 'Invalid user code'],
  expiredUserCode: [400, 'User code has expired', 'EXPIRED_USER_CODE'],
  deviceCodeAlreadyProcessed: [400, 'Device code already processed'],
  deviceCodeNotClaimed: [
    400,
    'Device code has not been claimed by a verifying session; call `GET /device` with the `user_code` while signed in before approving or denying',
    'DEVICE_CODE_NOT_CLAIMED',
  ],
  // Another user claimed the request first: only they may see what it asks or decide it.
  deviceRequestOfAnotherUser: [403, 'You are not authorized to review this device authorization', 'ACCESS_DENIED'],
  notAllowedToApproveDevice: [403, 'You are not authorized to approve this device authorization', 'ACCESS_DENIED'],
  notAllowedToDenyDevice: [403, 'You are not authorized to deny this device authorization', 'ACCESS_DENIED'],
});
