/**
 * @module GET /openapi.json: the OpenAPI 3.1 document of every route this auth serves over HTTP,
 * plugins included, generated from the endpoint definitions (openapi/). The generator is imported
 * at the first request and the document built once per auth: an engine nobody asks for its
 * description neither loads nor keeps it.
 */
import { z } from 'zod';
import type { AuthContext } from '../auth/context';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { routeGroupsOf } from './route-groups';
import { sessionCookieName } from '../session/session-cookies';

const documents = new WeakMap<AuthContext, Promise<string>>();

async function buildDocumentText(auth: AuthContext): Promise<string> {
  const { buildOpenApiDocument } = await import('./build-document');
  const { options } = auth;
  const document = buildOpenApiDocument(routeGroupsOf(auth), {
    serverUrl: options.baseURL + options.basePath,
    sessionCookie: sessionCookieName(options, 'session_token'),
  });
  return JSON.stringify(document);
}

/** The document's JSON text, built at the first call; a failed build is tried again at the next. */
export function openApiDocumentText(auth: AuthContext): Promise<string> {
  let text = documents.get(auth);
  if (!text) {
    text = buildDocumentText(auth);
    documents.set(auth, text);
    text.catch(() => documents.delete(auth));
  }
  return text;
}

export const openApiDocument = defineEndpoint({
  id: 'openApiDocument',
  method: 'GET',
  path: '/openapi.json',
  summary: 'This OpenAPI document',
  // Described by its top level only: the document describing itself in full would be circular.
  response: z
    .looseObject({
      openapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
    })
    .meta({ description: 'This OpenAPI 3.1 document' }),
  async handler({ auth }) {
    return new Response(await openApiDocumentText(auth), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        // The same for every caller, but it changes when the server is upgraded or reconfigured.
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      },
    });
  },
});
