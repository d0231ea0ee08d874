/**
 * @module `private_key_jwt` (RFC 7523 §2.2, §3; OIDC Core §9): the client proves itself with a
 * JWT signed by one of its registered keys. Checked: the asymmetric algorithm, the signature
 * against the client's `jwks`, `iss` = `sub` = client_id, `aud` naming our token endpoint or our
 * issuer, an `exp` at most `assertionMaxLifetime` ahead, and a `jti` used once (kept in the
 * verification table until the assertion expires, so every instance sees it).
 *
 * Keys behind a `jwks_uri` are fetched through the guarded fetcher (remote/) and cached; an
 * assertion whose `kid` the cached set lacks fetches the set again once, at most once a minute, so
 * a client that rotated its keys is not locked out for the cache's life, and a stream of made-up
 * kids cannot make us fetch on every request.
 */
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { isUniqueViolation, sha256Hex, type PluginHost } from '../../plugin';
import type { OAuthClient } from './clients/client';
import { jwksRefusal } from './clients/client-keys';
import { CLIENT_ASSERTION_ALGORITHMS } from './metadata';
import { OAuthError } from './oauth-error';
import type { ResolvedOAuthProviderOptions } from './options';
import { RemoteFetchError } from './remote/guarded-fetch';
import { MIN_TTL, remoteDocument } from './remote/remote-documents';

/**
 * Asymmetric only (an HMAC assertion would need the secret a private_key_jwt client does not have):
 * the algorithms the metadata advertises, and `Ed25519`, jose's name for EdDSA over that curve.
 */
const ASSERTION_ALGORITHMS = [...CLIENT_ASSERTION_ALGORITHMS, 'Ed25519'];

function invalid(description: string): OAuthError {
  return new OAuthError('invalid_client', description, 400);
}

/** The client the assertion claims to be (`sub`, else `iss`), before anything is verified. */
export function assertedClientId(assertion: string, hint: string | undefined): string {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(assertion);
  } catch {
    throw invalid('malformed client assertion');
  }
  const clientId = claims.sub ?? claims.iss;
  if (typeof clientId !== 'string' || !clientId) throw invalid('client assertion must name the client in sub');
  if (hint !== undefined && hint !== clientId) throw invalid('client_id does not match the client assertion');
  return clientId;
}

export async function verifyClientAssertion(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  client: OAuthClient,
  assertion: string,
): Promise<void> {
  const keys = await clientKeys(auth, client, assertion);
  const issuer = options.issuer(auth);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(keys), {
      issuer: client.clientId,
      subject: client.clientId,
      // OIDC Core §9: the token endpoint's URL; the issuer is accepted too (RFC 7523 §3, and
      // better-auth), so one assertion shape serves introspection and revocation.
      audience: [`${issuer}/oauth2/token`, issuer],
      algorithms: ASSERTION_ALGORITHMS,
      requiredClaims: ['exp', 'jti'],
      currentDate: auth.now(),
    }));
  } catch {
    throw invalid('client assertion could not be verified');
  }
  const now = Math.floor(auth.now().getTime() / 1000);
  const exp = payload.exp as number;
  // A far-off exp would make the jti record (and the assertion's usefulness to a thief) outlive
  // any reasonable window.
  if (exp - now > options.assertionMaxLifetime) throw invalid('client assertion exp is too far in the future');
  if (typeof payload.jti !== 'string' || !payload.jti) throw invalid('client assertion must include jti');
  await consumeJti(auth, client.clientId, payload.jti, new Date(exp * 1000));
}

async function fetchedKeys(auth: PluginHost, uri: string, refreshIfOlderThan?: number): Promise<JSONWebKeySet> {
  let body: unknown;
  try {
    ({ body } = await remoteDocument(
      auth,
      'jwks',
      uri,
      refreshIfOlderThan === undefined ? {} : { refreshIfOlderThan },
    ));
  } catch (error) {
    if (error instanceof RemoteFetchError) throw invalid(`client jwks_uri: ${error.message}`);
    throw error;
  }
  const set = body as { keys?: unknown };
  // The fetched set is held to the rules of a registered one: public signing keys only.
  if (!Array.isArray(set?.keys) || jwksRefusal(set as { keys: Record<string, unknown>[] }))
    throw invalid('client jwks_uri does not hold a JWK Set of public signing keys');
  return set as JSONWebKeySet;
}

/** The keys the assertion may be verified with: registered inline, or behind the client's jwks_uri. */
async function clientKeys(auth: PluginHost, client: OAuthClient, assertion: string): Promise<JSONWebKeySet> {
  if (client.jwks) return client.jwks as JSONWebKeySet;
  if (!client.jwksUri) throw invalid('client has no keys');
  const keys = await fetchedKeys(auth, client.jwksUri);
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(assertion).kid;
  } catch {
    throw invalid('malformed client assertion');
  }
  if (kid === undefined || keys.keys.some((key) => key.kid === kid)) return keys;
  return fetchedKeys(auth, client.jwksUri, MIN_TTL);
}

/**
 * Records the jti under a primary key derived from it: of two requests with one assertion, only
 * the first insert succeeds, on every instance (RFC 7523 §3 rule 7: a replayed assertion is refused).
 */
async function consumeJti(auth: PluginHost, clientId: string, jti: string, expiresAt: Date): Promise<void> {
  const key = `oauth-assertion:${sha256Hex(`${clientId}:${jti}`)}`;
  try {
    await auth.verifications.create({ id: key, identifier: key, value: clientId, expiresAt, createdAt: auth.now() });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('client assertion jti has already been used');
    throw error;
  }
}
