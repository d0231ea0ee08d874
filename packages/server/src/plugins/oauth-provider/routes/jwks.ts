/**
 * @module GET /jwks: the provider's published signing keys (RFC 7517 JWK Set), the `jwks_uri` of
 * its metadata, at better-auth's jwt plugin's path. Relying parties verify ID tokens, JWT access
 * tokens and logout tokens with it.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { publishedJwks } from '../keys/signing-keys';
import { publicDocument } from '../metadata';
import type { ResolvedOAuthProviderOptions } from '../options';

export function getJwks(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'getJwks',
    method: 'GET',
    path: '/jwks',
    summary: 'The signing keys (JWKS)',
    response: z
      .looseObject({ keys: z.array(z.looseObject({ kid: z.string(), kty: z.string(), alg: z.string() })) })
      .meta({ description: 'The JWK Set of the public keys the provider signs with' }),
    async handler({ auth }) {
      return publicDocument(await publishedJwks(auth, options));
    },
  });
}
