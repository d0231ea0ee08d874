/**
 * @module GET /.well-known/openid-configuration: OpenID Connect Discovery 1.0's document, under the
 * issuer (`{baseURL}{basePath}`). The standalone server also answers it at the origin's root.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { openIdConfiguration, publicDocument } from '../metadata';
import type { ResolvedOAuthProviderOptions } from '../options';

export function getOpenIdConfig(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'getOpenIdConfig',
    method: 'GET',
    path: '/.well-known/openid-configuration',
    summary: 'OpenID Connect discovery document',
    response: z
      .looseObject({ issuer: z.string(), jwks_uri: z.string() })
      .meta({ description: 'OpenID Provider metadata (OpenID Connect Discovery 1.0)' }),
    async handler({ auth }) {
      return publicDocument(await openIdConfiguration(auth, options));
    },
  });
}
