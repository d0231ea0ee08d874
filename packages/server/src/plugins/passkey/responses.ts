/**
 * @module The passkey routes' answers, for the API description only (never parsed at run time, as
 * every endpoint's `response`): a passkey row as better-auth answers it, and the WebAuthn creation
 * and request options as @simplewebauthn/server makes them (`PublicKeyCredential*OptionsJSON`),
 * open objects since a browser's extensions and hints may add fields.
 */
import { z } from 'zod';
import { isoDate } from '../../plugin';

export const passkeyResponse = z.object({
  id: z.string(),
  name: z.string().nullable(),
  publicKey: z.string().meta({ description: 'The COSE public key, base64' }),
  userId: z.string(),
  credentialID: z.string().meta({ description: 'base64url' }),
  counter: z.number(),
  deviceType: z.string().meta({ description: '`singleDevice` or `multiDevice` (synced)' }),
  backedUp: z.boolean(),
  transports: z.string().nullable().meta({ description: 'Comma-separated' }),
  createdAt: isoDate.nullable(),
  aaguid: z.string().nullable(),
});

const credentialDescriptor = z.looseObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

export const creationOptionsResponse = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
});

export const requestOptionsResponse = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
});
