/**
 * @module GET /reference/:file: the files of the API reference page (openapi/api-reference.ts),
 * from memory, compressed for a client that accepts it. Their names carry a hash of their content,
 * so they are cached for a year.
 */
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { encodedBody } from './reference-encodings';
import { referenceAssets } from './reference-loader';

export const apiReferenceFile = defineEndpoint({
  id: 'apiReferenceFile',
  method: 'GET',
  path: '/reference/:file',
  summary: 'A file of the API reference page',
  response: 'file',
  errors: [ERRORS.notFound],
  async handler({ params, headers }) {
    const file = (await referenceAssets()).files.get(params.file ?? '');
    if (!file) throw new AuthError(ERRORS.notFound);
    const sent = await encodedBody(file, headers.get('accept-encoding'));
    return new Response(sent.body, {
      headers: {
        'content-type': file.type,
        // A new version is a new name.
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
        ...(sent.negotiated ? { vary: 'Accept-Encoding' } : {}),
      },
    });
  },
});
