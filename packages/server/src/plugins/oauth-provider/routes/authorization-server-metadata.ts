/**
 * @module GET /.well-known/oauth-authorization-server: the authorization server metadata (RFC 8414)
 * under the issuer. RFC 8414 §3 puts it at `/.well-known/oauth-authorization-server{basePath}` on
 * the origin, which the standalone server answers from this route.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { authorizationServerMetadata, publicDocument } from '../metadata';
import type { ResolvedOAuthProviderOptions } from '../options';

export function getOAuthServerConfig(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'getOAuthServerConfig',
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    summary: 'OAuth 2.0 authorization server metadata',
    response: z
      .looseObject({ issuer: z.string(), token_endpoint: z.string() })
      .meta({ description: 'OAuth 2.0 authorization server metadata (RFC 8414)' }),
    async handler({ auth }) {
      return publicDocument(authorizationServerMetadata(auth, options));
    },
  });
}
