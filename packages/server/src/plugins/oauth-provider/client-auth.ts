/**
 * @module Client authentication at the token, introspection and revocation endpoints (RFC 6749
 * §2.3, RFC 7523 §2.2): `client_secret_basic`, `client_secret_post`, `private_key_jwt`, and `none`
 * (a public client names itself). A client must use the method it registered; anything else, an
 * unknown or disabled client, an expired or wrong secret, is `invalid_client` — 401 with a Basic
 * challenge when the caller tried Basic, 400 otherwise, as better-auth answers.
 */
import { timingSafeEqual } from 'node:crypto';
import type { PluginHost } from '../../plugin';
import { assertedClientId, verifyClientAssertion } from './client-assertion';
import type { OAuthClient, TokenEndpointAuthMethod } from './clients/client';
import { resolveClient } from './clients/metadata-document';
import { OAuthError } from './oauth-error';
import { digestOf } from './opaque-secret';
import type { ResolvedOAuthProviderOptions } from './options';
import { stringParam, type OAuthParams } from './params';

export const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export interface ClientAuthScope {
  readonly auth: PluginHost;
  readonly headers: { get(name: string): string | null };
}

function refuse(method: TokenEndpointAuthMethod, description: string): OAuthError {
  return method === 'client_secret_basic'
    ? new OAuthError('invalid_client', description, 401, { 'www-authenticate': 'Basic' })
    : new OAuthError('invalid_client', description, 400);
}

/** RFC 6749 §2.3.1: each half is form-urlencoded before the two are joined and base64-encoded. */
function basicCredentials(header: string): { clientId: string; secret: string } {
  const encoded = header.replace(/^Basic +/i, '');
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw refuse('client_secret_basic', 'invalid authorization header format');
  const formDecode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw refuse('client_secret_basic', 'invalid authorization header format');
  }
}

interface Presented {
  readonly method: TokenEndpointAuthMethod;
  readonly clientId: string | undefined;
  readonly secret?: string;
  readonly assertion?: string;
}

function presentedCredentials(headers: ClientAuthScope['headers'], body: OAuthParams): Presented {
  const authorization = headers.get('authorization');
  const basic = authorization !== null && /^Basic +/i.test(authorization);
  const bodyClientId = stringParam(body, 'client_id');
  const bodySecret = stringParam(body, 'client_secret');
  const assertion = stringParam(body, 'client_assertion');
  const assertionType = stringParam(body, 'client_assertion_type');
  // RFC 6749 §2.3: a client must not use more than one method in a request; two would let a
  // weaker proof ride along with a stronger one.
  const used = [basic, bodySecret !== undefined, assertion !== undefined || assertionType !== undefined];
  if (used.filter(Boolean).length > 1)
    throw new OAuthError('invalid_request', 'A request must use only one client authentication method');
  if (basic) {
    const { clientId, secret } = basicCredentials(authorization);
    // The body may repeat the client_id; if it names another client the request is forged.
    if (bodyClientId !== undefined && bodyClientId !== clientId)
      throw refuse('client_secret_basic', 'client_id does not match the authorization header');
    return { method: 'client_secret_basic', clientId, secret };
  }
  if (assertion !== undefined || assertionType !== undefined) {
    if (assertionType !== JWT_BEARER_ASSERTION || assertion === undefined)
      throw refuse('private_key_jwt', 'unsupported client_assertion_type');
    return { method: 'private_key_jwt', clientId: bodyClientId, assertion };
  }
  if (bodySecret !== undefined) return { method: 'client_secret_post', clientId: bodyClientId, secret: bodySecret };
  return { method: 'none', clientId: bodyClientId };
}

function secretMatches(client: OAuthClient, secret: string): boolean {
  if (!client.secretDigest) return false;
  const given = Buffer.from(digestOf(secret));
  const stored = Buffer.from(client.secretDigest);
  // Digests of equal length compared in constant time: no timing hint on how much matched.
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The authenticated client of a request, or an `invalid_client` OAuthError. */
export async function authenticateClient(
  scope: ClientAuthScope,
  options: ResolvedOAuthProviderOptions,
  body: OAuthParams,
): Promise<OAuthClient> {
  const { auth } = scope;
  const presented = presentedCredentials(scope.headers, body);
  const { method } = presented;
  const clientId =
    presented.assertion === undefined ? presented.clientId : assertedClientId(presented.assertion, presented.clientId);
  if (!clientId) throw new OAuthError('invalid_request', 'Missing required client_id');
  let client: OAuthClient | null;
  try {
    client = await resolveClient(auth, options, clientId);
  } catch (error) {
    if (error instanceof OAuthError) throw refuse(method, error.description);
    throw error;
  }
  if (!client) throw refuse(method, 'unknown client');
  // A disabled client keeps its rows but may no longer obtain or manage tokens.
  if (client.disabled) throw refuse(method, 'client is disabled');
  // The registered method, and no other: a confidential client must never pass as public by
  // leaving out its secret, nor a private_key_jwt client fall back to a (possibly leaked) secret.
  if (client.tokenEndpointAuthMethod !== method)
    throw refuse(method, `client registered for ${client.tokenEndpointAuthMethod} cannot use ${method}`);
  if (presented.assertion !== undefined) {
    await verifyClientAssertion(auth, options, client, presented.assertion);
    return client;
  }
  if (method === 'none') return client;
  // An expired secret stays in the row so the owner can rotate it, but proves nothing.
  if (client.secretExpiresAt && client.secretExpiresAt <= auth.now()) throw refuse(method, 'client secret has expired');
  if (!secretMatches(client, presented.secret ?? '')) throw refuse(method, 'invalid client_secret');
  return client;
}
