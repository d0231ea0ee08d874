/**
 * @module GET /passkey/generate-register-options ?authenticatorAttachment&name: the creation
 * options for a new passkey of the signed-in user (a fresh session, as better-auth asks), excluding
 * the credentials the account has already, and the challenge stored for verify-registration.
 */
import { generateRegistrationOptions, type AuthenticatorTransportFuture } from '@simplewebauthn/server';
import { z } from 'zod';
import { defineEndpoint, randomString } from '../../../plugin';
import { storeChallenge } from '../challenge';
import type { ResolvedPasskeyOptions } from '../options';
import { listPasskeysOf } from '../store';
import { creationOptionsResponse } from '../responses';

const query = z
  .object({
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    /** The passkey's label, which passkeyClient().addPasskey sends here too; it names no account. */
    name: z.string().max(256).optional(),
  })
  .optional();

/** The stored transports, as simplewebauthn takes them. */
export function transportsOf(stored: string | null): AuthenticatorTransportFuture[] | undefined {
  return stored ? (stored.split(',') as AuthenticatorTransportFuture[]) : undefined;
}

export function generateRegisterOptions(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'generatePasskeyRegistrationOptions',
    method: 'GET',
    path: '/passkey/generate-register-options',
    summary: 'Start registering a passkey',
    query,
    response: creationOptionsResponse,
    session: 'fresh',
    credentialChange: true,
    async handler(ctx) {
      const { auth, session } = ctx;
      const user = session.user;
      const existing = await listPasskeysOf(auth, user.id);
      const accountName = user.email || user.id;
      const creation = await generateRegistrationOptions({
        rpName: options.rpName,
        rpID: options.rpID(auth),
        // A random user handle, as better-auth's: the authenticator never learns the account id.
        userID: new TextEncoder().encode(randomString(32)),
        // The account identifier the browser's passkey picker lists, so always the e-mail: the
        // `name` query is the label passkeyClient sends for the passkey itself, not for the account.
        userName: accountName,
        userDisplayName: user.name || accountName,
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialID,
          transports: transportsOf(passkey.transports),
        })),
        authenticatorSelection: {
          ...options.authenticatorSelection,
          ...(ctx.query?.authenticatorAttachment ? { authenticatorAttachment: ctx.query.authenticatorAttachment } : {}),
        },
      });
      await storeChallenge(ctx, { ceremony: 'registration', challenge: creation.challenge, userId: user.id });
      return creation;
    },
  });
}
