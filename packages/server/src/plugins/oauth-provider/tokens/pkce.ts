/**
 * @module PKCE's check at the token endpoint (RFC 7636 §4.6), S256 only (OAuth 2.1 §4.1.1 drops
 * `plain`, and the authorization endpoint accepts no other).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { OAuthError } from '../oauth-error';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function checkCodeVerifier(challenge: string | null, verifier: string | undefined): void {
  if (challenge === null) {
    // A verifier for a code issued without a challenge: the client and the code disagree about
    // the flow, so the code is not this client's to redeem (an injected code, RFC 9700 §4.5).
    if (verifier !== undefined) throw new OAuthError('invalid_grant', 'code_verifier provided but PKCE was not used');
    return;
  }
  // Without the verifier, a stolen code would be redeemable by whoever holds it.
  if (verifier === undefined) throw new OAuthError('invalid_grant', 'code_verifier is required');
  if (!VERIFIER.test(verifier)) throw new OAuthError('invalid_grant', 'code verification failed');
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  if (computed.length !== expected.length || !timingSafeEqual(computed, expected))
    throw new OAuthError('invalid_grant', 'code verification failed');
}
