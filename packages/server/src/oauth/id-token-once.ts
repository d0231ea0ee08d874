/**
 * @module An id_token a client holds (POST /sign-in/social `idToken`) signs in once, and only while
 * fresh. The provider's check (its keys, issuer, audience, expiry, nonce) says the token is genuine;
 * it does not say the caller is the one it was issued to. A token copied from a log, a crash report,
 * a proxy or another app on the device stays genuine until its `exp` (an hour at Google, Apple and
 * Entra ID, longer at some OPs), so without these checks anyone who sees one signs in as its user,
 * as often as they like, for as long as it lives.
 *
 * Called only after the provider verified the token, so its claims are the provider's own.
 */
import { decodeJwt } from 'jose';
import type { AuthContext } from '../auth/context';
import { sha256Hex } from '../crypto/digest';
import { DEFAULTS } from '../auth/options';

export type IdTokenRefusal = 'no-iat' | 'issued-in-future' | 'too-old' | 'already-used';

/**
 * Null when the token may sign in now, having been marked used; else why it may not. The token's
 * times are read on the host's clock, the one the provider's check of `exp` (jose) uses too.
 */
export async function useIdTokenOnce(auth: AuthContext, token: string): Promise<IdTokenRefusal | null> {
  const claims = decodeJwt(token);
  const now = Date.now();
  const skewMs = DEFAULTS.idTokenClockSkew * 1000;
  // Without `iat` (which OpenID Connect requires) a token's age is unknown: it could be any age.
  if (typeof claims.iat !== 'number') return 'no-iat';
  const issuedAt = claims.iat * 1000;
  // A token dated ahead of the clock would outlive the age limit by as much as it is ahead.
  if (issuedAt > now + skewMs) return 'issued-in-future';
  // The age limit bounds how long a leaked token is worth anything, whatever `exp` the provider set.
  if (now - issuedAt > auth.options.idToken.maxAge * 1000 + skewMs) return 'too-old';
  // Remembered until it expires (the provider's check refuses it after that anyway), plus the skew
  // another instance's clock may have. Set-if-absent is one atomic step of the store, on Redis too,
  // so of two parallel sign-ins with one token, on one instance or on two, exactly one goes on.
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : issuedAt + auth.options.idToken.maxAge * 1000;
  const rememberMs = Math.max(expiresAt - now, 0) + skewMs;
  const first = await auth.kv.setIfAbsent(
    `idtoken:${usedTokenKey(token, claims.iss, claims.jti)}`,
    '1',
    rememberMs,
    auth.now().getTime(),
  );
  return first ? null : 'already-used';
}

/**
 * The issuer's own id of the token when it gives one; else the token's digest (a re-encoding of the
 * same claims under a new signature is a new token, and must be one the provider signed). Never the
 * token itself: the store is no place for a credential.
 */
function usedTokenKey(token: string, issuer: unknown, id: unknown): string {
  return typeof issuer === 'string' && typeof id === 'string' && id !== ''
    ? sha256Hex(`jti\0${issuer}\0${id}`)
    : sha256Hex(`token\0${token}`);
}
