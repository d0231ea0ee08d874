/**
 * @module POST /passkey/verify-authentication {response}: a passkey sign-in. The assertion is
 * checked against this browser's challenge (once), the credential's public key, the relying-party
 * id, the accepted origins and the signature counter (one not above the stored one is refused: a
 * cloned authenticator or a replay); then the sign-in ends as every sign-in does (`finishSignIn`:
 * a ban refuses it, two-factor holds it unless the authenticator verified the user). Answers
 * `{session, user}`.
 */
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type VerifiedAuthenticationResponse,
} from '@simplewebauthn/server';
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  defineEndpoint,
  finishSignIn,
  sessionWithUserResponse,
  toSessionResponse,
} from '../../../plugin';
import { takeChallenge } from '../challenge';
import { PASSKEY_ERRORS } from '../errors';
import type { ResolvedPasskeyOptions } from '../options';
import { emitPasskeySignInFailure } from '../events';
import { findPasskeyByCredentialId, setPasskeyCounter } from '../store';
import { transportsOf } from './generate-register-options';

const body = z.object({
  response: z.looseObject({ id: z.string().min(1), response: z.looseObject({}) }),
});

export function verifyAuthentication(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'verifyPasskeyAuthentication',
    method: 'POST',
    path: '/passkey/verify-authentication',
    summary: 'Finish a passkey sign-in',
    errors: [
      PASSKEY_ERRORS.challengeNotFound,
      PASSKEY_ERRORS.unknownSignInPasskey,
      PASSKEY_ERRORS.passkeyNotFound,
      PASSKEY_ERRORS.authenticationFailed,
      PASSKEY_ERRORS.signatureNotVerified,
      ERRORS.failedToCreateSession,
    ],
    body,
    response: sessionWithUserResponse,
    // A sign-in: throttled strictly, and its Origin checked even from a browser without a session.
    rateLimit: 'strict',
    checkOriginWithoutCookies: true,
    async handler(ctx) {
      const { auth } = ctx;
      let userId: string | null = null;
      try {
        const stored = await takeChallenge(ctx, 'authentication');
        if (!stored) throw new AuthError(PASSKEY_ERRORS.challengeNotFound);
        const passkey = await findPasskeyByCredentialId(auth, ctx.body.response.id);
        if (!passkey) throw new AuthError(PASSKEY_ERRORS.unknownSignInPasskey);
        userId = passkey.userId;

        let verification: VerifiedAuthenticationResponse;
        try {
          verification = await verifyAuthenticationResponse({
            response: ctx.body.response as unknown as AuthenticationResponseJSON,
            expectedChallenge: stored.challenge,
            expectedOrigin: options.origins(auth),
            expectedRPID: options.rpID(auth),
            credential: {
              id: passkey.credentialID,
              publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64')),
              counter: passkey.counter,
              transports: transportsOf(passkey.transports),
            },
            requireUserVerification: false,
          });
        } catch (cause) {
          throw new AuthError(PASSKEY_ERRORS.authenticationFailed, { cause });
        }
        if (!verification.verified) throw new AuthError(PASSKEY_ERRORS.signatureNotVerified);
        await setPasskeyCounter(auth, passkey.id, verification.authenticationInfo.newCounter);

        const user = await auth.users.findById(passkey.userId);
        if (!user) throw new AuthError(PASSKEY_ERRORS.passkeyNotFound);
        // A passkey verified by its authenticator (PIN, biometrics) is two factors in one: it
        // completes the sign-in of a user with two-factor on. Without user verification it is
        // something held only, one factor like a password: the second step follows.
        const outcome = await finishSignIn(ctx, {
          user,
          method: 'passkey',
          secondFactor: verification.authenticationInfo.userVerified,
        });
        if (outcome.status === 'second-step') return outcome.answer as unknown as ReturnType<typeof toSessionResponse>;
        return toSessionResponse(outcome.current);
      } catch (error) {
        emitPasskeySignInFailure(ctx, userId, error);
        throw error;
      }
    },
  });
}
