/**
 * @module The shapes of the admin API as the client types them. A leaf: the query keys and the
 * hooks both name them, and neither imports the other for it.
 */
import type { AuditEventType } from '../../../lib/audit-event';
import type { AppClient } from '../../../lib/auth';

export type ListUsersQuery = NonNullable<NonNullable<Parameters<AppClient['admin']['listUsers']>[0]>['query']>;
export type UserPage = NonNullable<Awaited<ReturnType<AppClient['admin']['listUsers']>>['data']>;
export type AdminUser = UserPage['users'][number];

/** GET /admin/list-audit-events's query, the event type narrowed to the types the app knows. */
export interface ListAuditEventsQuery {
  userId?: string;
  type?: AuditEventType;
  outcome?: 'success' | 'failure';
  /** ISO instants, both ends included. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export type AuditEventPage = NonNullable<Awaited<ReturnType<AppClient['admin']['listAuditEvents']>>['data']>;
/** One event of the admin list: the row, and the current e-mails of the users it names. */
export type AdminAuditEvent = AuditEventPage['events'][number];

type AdminOAuth2 = AppClient['admin']['oauth2'];
export type ListOAuthClientsQuery = NonNullable<NonNullable<Parameters<AdminOAuth2['listClients']>[0]>['query']>;

/**
 * A client as the admin routes answer it: RFC 7591's fields, the admin-only ones, its owner. The
 * server builds it as a loose record (and create and rotate answer a no-store Response of their
 * own), so the client's inferred type names no field: these are the fields the console reads,
 * as the server's `adminClientResponse` schema describes them.
 */
export interface AdminOAuthClient {
  client_id: string;
  client_secret?: string;
  client_id_issued_at: number;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
  token_endpoint_auth_method: string;
  grant_types: string[];
  response_types: string[];
  application_type?: string;
  scope?: string;
  client_credentials_scopes?: string[];
  disabled?: boolean;
  skip_consent?: boolean;
  enable_end_session?: boolean;
  owner: { id: string; name: string; email: string } | null;
}

export interface OAuthClientPage {
  clients: AdminOAuthClient[];
  total: number;
  limit: number;
  offset: number;
}

export type OAuthClientConsent = NonNullable<
  Awaited<ReturnType<AdminOAuth2['listClientConsents']>>['data']
>['consents'][number];
export type OAuthClientGrant = NonNullable<
  Awaited<ReturnType<AdminOAuth2['listClientTokens']>>['data']
>['grants'][number];
export type CreateOAuthClientBody = Parameters<AdminOAuth2['createClient']>[0];
export type UpdateOAuthClientBody = Parameters<AdminOAuth2['updateClient']>[0];
