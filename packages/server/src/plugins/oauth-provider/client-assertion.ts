/**
 * @module `private_key_jwt` (RFC 7523 §2.2, §3; OIDC Core §9): the client proves itself with a
 * JWT signed by one of its registered keys. Checked: the asymmetric algorithm, the signature
 * against the client's `jwks`, `iss` = `sub` = client_id, `aud` naming our token endpoint or our
 * issuer, an `exp` at most `assertionMaxLifetime` ahead, and a `jti` used once (kept in the
 * verification table until the assertion expires, so every instance sees it).
 *
 * Keys behind a `jwks_uri` are not fetched yet: such a client is refused.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { isUniqueViolation, sha256Hex, type PluginHost } from '../../plugin';
import type { OAuthClient } from './clients/client';
import { OAuthError } from './oauth-error';
import type { ResolvedOAuthProviderOptions } from './options';

/** Asymmetric only: an HMAC assertion would need the secret a private_key_jwt client does not have. */
const ASSERTION_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

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
  if (!client.jwks) throw invalid(client.jwksUri ? 'jwks_uri clients are not supported yet' : 'client has no keys');
  const issuer = options.issuer(auth);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(client.jwks as JSONWebKeySet), {
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
