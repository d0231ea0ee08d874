/**
 * @module A private_key_jwt client's keys as registered: a JWK Set of public asymmetric signing
 * keys (RFC 7517), or the https URI the provider fetches it from, never both (OpenID Connect
 * Registration §2).
 */
import { isPublicHost } from './public-host';

const EC_CURVES = new Set(['P-256', 'P-384', 'P-521']);
// A private key's members, and a symmetric key's: a client registering either has handed us (and
// whoever reads its metadata) the very secret its assertions are meant to prove.
const SECRET_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function has(key: Record<string, unknown>, member: string): boolean {
  return typeof key[member] === 'string' && key[member] !== '';
}

function isPublicSigningKey(key: Record<string, unknown>): boolean {
  if (SECRET_MEMBERS.some((member) => member in key)) return false;
  if (key.use !== undefined && key.use !== 'sig') return false;
  switch (key.kty) {
    case 'RSA':
      return has(key, 'n') && has(key, 'e');
    case 'EC':
      return EC_CURVES.has(String(key.crv)) && has(key, 'x') && has(key, 'y');
    case 'OKP':
      return key.crv === 'Ed25519' && has(key, 'x');
    default:
      return false;
  }
}

/** Why the JWK Set may not be registered, or null. */
export function jwksRefusal(jwks: { keys: readonly Record<string, unknown>[] }): string | null {
  if (jwks.keys.length === 0) return 'jwks must be a JWK Set with a non-empty keys array';
  return jwks.keys.every(isPublicSigningKey) ? null : 'jwks must contain only public asymmetric signing keys';
}

/** Why the server may not fetch `uri` (a jwks_uri, a back-channel logout URI), or null. */
export function fetchedUriRefusal(field: string, uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${field} must be an absolute URL`;
  }
  if (url.protocol !== 'https:') return `${field} must use https`;
  if (url.username !== '' || url.password !== '') return `${field} must not contain credentials`;
  if (uri.includes('#')) return `${field} must not include a fragment`;
  if (!isPublicHost(url.hostname)) return `${field} must not point to a private or reserved address`;
  return null;
}
