/**
 * @module POST /passkey/verify-authentication {response}: a passkey sign-in. The assertion is
 * checked against this browser's challenge (once), the credential's public key, the relying-party
 * id, the accepted origins and the signature counter (one not above the stored one is refused: a
 * cloned authenticator or a replay); then the session is created as every sign-in's is, so the
 * plugins' beforeCreateSession (a ban) may refuse it. Answers `{session, user}`.
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
  createSession,
  defineEndpoint,
  sessionWithUserResponse,
  toSessionResponse,
} from '../../../plugin-api';
import { takeChallenge } from '../challenge';
import { PASSKEY_ERRORS } from '../errors';
import type { ResolvedPasskeyOptions } from '../options';
import { emitPasskeySignIn, emitPasskeySignInFailure } from '../passkey-events';
import { findPasskeyByCredentialId, setPasskeyCounter } from '../passkey-store';
import { transportsOf } from './generate-register-options';

const body = z.object({
  response: z.looseObject({ id: z.string().min(1), response: z.looseObject({}) }),
});

export function verifyAuthentication(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'verifyPasskeyAuthentication',
    method: 'POST',
    path: '/passkey/verify-authentication',
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
        const current = await createSession(ctx, user);
        emitPasskeySignIn(ctx, user.id);
        return toSessionResponse(current);
      } catch (error) {
        emitPasskeySignInFailure(ctx, userId, error);
        throw error;
      }
    },
  });
}
