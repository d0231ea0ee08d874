/**
 * @module Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, MCP's
 * preferred way for a client to register): a client_id that is an https URL names the document
 * that describes the client. The document is fetched (remote/), checked by the registration rules
 * (metadata.ts) plus the draft's, and kept as an `oauthClient` row, so consents, codes and tokens
 * reference it as they do any client, and the row is rewritten when a refetch finds it changed.
 *
 * Such a row is told from a registered client by its id: ids we issue are base64url (store.ts),
 * never URLs, so a row with an https client_id, no owner and no secret was written here. A fetch
 * that fails refuses the request (better-auth's rule): the document is the client's identity.
 */
import { isUniqueViolation, type PluginHost } from '../../../plugin';
import { OAuthError } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { RemoteFetchError } from '../remote/guarded-fetch';
import { remoteDocument } from '../remote/remote-documents';
import { oauthProviderSchema, type OAuthClientTable } from '../schema';
import { findClient, toOAuthClient, type OAuthClient } from './client';
import {
  checkClientMetadata,
  ClientMetadataError,
  clientMetadataSchema,
  RESTRICTED_FIELDS,
  type ClientColumns,
} from './metadata';
import { isPublicHost } from './public-host';

/**
 * Members a document may not carry: a secret (the draft: such a client has none), what only an
 * admin may set (metadata.ts's restricted fields), and a back-channel logout target, which would
 * have the server POST wherever the document says.
 */
const FORBIDDEN_MEMBERS = [
  'client_secret',
  ...RESTRICTED_FIELDS,
  'backchannel_logout_uri',
  'backchannel_logout_session_required',
];
/** The draft's clients authenticate with no secret: PKCE alone, or a key they hold. */
const AUTH_METHODS = ['none', 'private_key_jwt'];
/** A document describes a client acting for users; machine scopes are an admin's to grant. */
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
/** Columns an admin may set on such a client, which a refetch keeps. */
const ADMIN_COLUMNS = [
  'disabled',
  'skipConsent',
  'enableEndSession',
  'clientCredentialsScopes',
  'metadata',
  'requirePKCE',
  'clientSecretExpiresAt',
] as const;

/** Whether `clientId` is a metadata document's URL (draft §3), by its look alone. */
export function isMetadataDocumentClientId(clientId: string): boolean {
  return clientId.startsWith('https://') && URL.canParse(clientId);
}

/** Draft §3's rules for the URL itself, or null when it may be fetched. */
function clientIdUrlRefusal(clientId: string): string | null {
  const url = new URL(clientId);
  if (url.username || url.password) return 'client_id URL must not contain credentials';
  if (clientId.includes('#')) return 'client_id URL must not contain a fragment';
  // Checked on the text as sent: URL() would remove the segments and hide the mismatch with the
  // document's own client_id.
  if (/\/(\.|%2e){1,2}(\/|$|\?)/i.test(clientId.slice(url.protocol.length + 2)))
    return 'client_id URL must not contain dot segments';
  if (url.pathname === '/') return 'client_id URL must contain a path';
  if (!isPublicHost(url.hostname)) return 'client_id URL must not point to a private or reserved address';
  return null;
}

function refuse(field: string, description: string): never {
  throw new ClientMetadataError('invalid_client_metadata', field, description);
}

/** The client columns the document at `clientId` describes, or the rule it breaks. */
export function metadataDocumentColumns(
  clientId: string,
  body: unknown,
  serverScopes: readonly string[],
): ClientColumns {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    refuse('client_id', 'the metadata document is not a JSON object');
  const members = body as Record<string, unknown>;
  // Draft §4.1: simple string comparison, so a document cannot speak for another URL.
  if (members.client_id !== clientId) refuse('client_id', 'the metadata document client_id does not match its URL');
  for (const member of FORBIDDEN_MEMBERS) {
    if (member in members) refuse(member, `a client metadata document must not contain ${member}`);
  }
  const parsed = clientMetadataSchema.safeParse(members);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    refuse(String(issue?.path[0] ?? 'client_id'), `${issue?.path.join('.')}: ${issue?.message}`);
  }
  const meta = { ...parsed.data, token_endpoint_auth_method: parsed.data.token_endpoint_auth_method ?? 'none' };
  if (!AUTH_METHODS.includes(meta.token_endpoint_auth_method))
    refuse('token_endpoint_auth_method', 'a client metadata document client must use none or private_key_jwt');
  if (!meta.redirect_uris?.length) refuse('redirect_uris', 'a client metadata document must list redirect_uris');
  for (const grant of meta.grant_types ?? []) {
    if (!GRANT_TYPES.includes(grant)) refuse('grant_types', `unsupported grant_type ${grant} for this client`);
  }
  // The consent screen links client_uri as the client's home: it must be the document's own site,
  // or any document could present itself as someone else's application.
  if (meta.client_uri !== undefined && URL.canParse(meta.client_uri)) {
    if (new URL(meta.client_uri).origin !== new URL(clientId).origin)
      refuse('client_uri', 'client_uri must have the same origin as the client_id');
  }
  return checkClientMetadata(meta, serverScopes);
}

type ClientRow = OAuthClientTable;

async function storedRow(auth: PluginHost, clientId: string): Promise<ClientRow | undefined> {
  return oauthProviderSchema
    .db(auth)
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

/** Writes the document's columns: a new row, or the changed ones of the row, keeping what an admin set. */
async function keepClient(auth: PluginHost, clientId: string, columns: ClientColumns, row: ClientRow | undefined) {
  const db = oauthProviderSchema.db(auth);
  const now = auth.now();
  if (!row) {
    const fresh = {
      ...columns,
      id: crypto.randomUUID(),
      clientId,
      clientSecret: null,
      userId: null,
      referenceId: null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await db.insertInto('oauthClient').values(fresh).execute();
      return toOAuthClient(fresh);
    } catch (error) {
      // Two first requests at once: the other inserted it; its row is this document's too.
      if (!isUniqueViolation(error)) throw error;
      const winner = await storedRow(auth, clientId);
      if (!winner) throw error;
      return toOAuthClient(winner);
    }
  }
  const documentColumns: Partial<ClientColumns> = { ...columns };
  for (const column of ADMIN_COLUMNS) delete documentColumns[column];
  const changed = Object.entries(documentColumns).filter(([key, value]) => row[key as keyof ClientRow] !== value);
  if (changed.length === 0) return toOAuthClient(row);
  const update = { ...Object.fromEntries(changed), updatedAt: now } as Partial<ClientRow>;
  await db.updateTable('oauthClient').set(update).where('clientId', '=', clientId).execute();
  return toOAuthClient({ ...row, ...update });
}

/**
 * The client a protocol route is asked about: a registered one from the table, or one described
 * by its metadata document (fetched, or from the cache while fresh). Null when unknown; an
 * OAuthError `invalid_client` when the document cannot be fetched or breaks a rule.
 */
export async function resolveClient(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  clientId: string,
): Promise<OAuthClient | null> {
  if (!options.clientIdMetadataDocuments || !isMetadataDocumentClientId(clientId)) return findClient(auth, clientId);
  const row = await storedRow(auth, clientId);
  // A client registered otherwise under a URL-shaped id (imported, say) is not taken over.
  if (row && (row.userId !== null || row.clientSecret !== null)) return toOAuthClient(row);
  const urlProblem = clientIdUrlRefusal(clientId);
  if (urlProblem) throw new OAuthError('invalid_client', urlProblem);
  let body: unknown;
  try {
    ({ body } = await remoteDocument(auth, 'clientMetadata', clientId));
  } catch (error) {
    if (error instanceof RemoteFetchError)
      throw new OAuthError('invalid_client', `client metadata document: ${error.message}`);
    throw error;
  }
  let columns: ClientColumns;
  try {
    columns = metadataDocumentColumns(clientId, body, options.supportedScopes(auth));
  } catch (error) {
    if (error instanceof OAuthError)
      throw new OAuthError('invalid_client', `client metadata document: ${error.description}`);
    throw error;
  }
  return keepClient(auth, clientId, columns, row);
}
