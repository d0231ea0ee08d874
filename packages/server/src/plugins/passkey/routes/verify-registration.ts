/**
 * @module POST /passkey/verify-registration {response, name?}: checks the authenticator's answer
 * against the challenge this browser was given for this user, the relying-party id and the
 * accepted origins, and stores the credential. Answers the passkey, as better-auth does.
 */
import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { AuthError, DEFAULTS, defineEndpoint, emitEvent, isUniqueViolation, randomString } from '../../../plugin';
import { takeChallenge } from '../challenge';
import { PASSKEY_ERRORS } from '../errors';
import type { ResolvedPasskeyOptions } from '../options';
import { insertPasskey, type Passkey } from '../store';
import { passkeyResponse } from '../responses';

const body = z.object({
  // Checked by simplewebauthn, which answers a malformed one as a failed verification.
  response: z.looseObject({ id: z.string(), response: z.looseObject({}) }),
  name: z.string().trim().max(256).optional(),
});

/** The credential id is a key column (varchar 255): longer ids (rare, non-discoverable keys) are refused. */
const CREDENTIAL_ID_MAX = 255;

export function verifyRegistration(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'verifyPasskeyRegistration',
    method: 'POST',
    path: '/passkey/verify-registration',
    summary: 'Finish registering a passkey',
    errors: [
      PASSKEY_ERRORS.challengeNotFound,
      PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey,
      PASSKEY_ERRORS.failedToVerifyRegistration,
      PASSKEY_ERRORS.previouslyRegistered,
    ],
    body,
    response: passkeyResponse,
    session: 'fresh',
    credentialChange: true,
    async handler(ctx) {
      const { auth, session } = ctx;
      const stored = await takeChallenge(ctx, 'registration');
      if (!stored) throw new AuthError(PASSKEY_ERRORS.challengeNotFound);
      // A challenge started by another account's session in this browser registers nothing here.
      if (stored.userId !== session.user.id) throw new AuthError(PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey);

      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: ctx.body.response as unknown as RegistrationResponseJSON,
          expectedChallenge: stored.challenge,
          expectedOrigin: options.origins(auth),
          expectedRPID: options.rpID(auth),
          requireUserVerification: false,
        });
      } catch (cause) {
        auth.logger.info({ err: cause }, 'A passkey registration did not verify');
        throw new AuthError(PASSKEY_ERRORS.failedToVerifyRegistration, { cause });
      }
      const info = verification.registrationInfo;
      if (!verification.verified || !info || info.credential.id.length > CREDENTIAL_ID_MAX)
        throw new AuthError(PASSKEY_ERRORS.failedToVerifyRegistration);

      const transports = (ctx.body.response.response as { transports?: unknown }).transports;
      const passkey: Passkey = {
        id: randomString(DEFAULTS.idLength),
        name: ctx.body.name || null,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64'),
        userId: session.user.id,
        credentialID: info.credential.id,
        counter: info.credential.counter,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        transports: Array.isArray(transports) ? transports.filter((t) => typeof t === 'string').join(',') : '',
        createdAt: auth.now(),
        aaguid: info.aaguid,
      };
      try {
        await insertPasskey(auth, passkey);
      } catch (cause) {
        if (isUniqueViolation(cause)) throw new AuthError(PASSKEY_ERRORS.previouslyRegistered, { cause });
        throw cause;
      }
      emitEvent(ctx, 'passkey-added', {
        userId: session.user.id,
        actorUserId: session.user.id,
        detail: { passkeyId: passkey.id },
      });
      return passkey;
    },
  });
}
