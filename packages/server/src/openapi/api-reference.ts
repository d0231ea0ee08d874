/**
 * @module GET /reference: the API reference, one HTML page rendered by this server from
 * GET /openapi.json (openapi/reference-page.ts), with no script at all. Its style sheet and icon
 * (GET /reference/:file) are served from memory, nothing from elsewhere: the page's CSP allows
 * only those, and no inline style. Rendered once per auth, at the first request for it, and sent
 * compressed to a client that accepts it (the page of the standalone server's routes is about
 * half a megabyte of HTML, a tenth of that in brotli).
 */
import type { AuthContext } from '../auth/context';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { openApiDocumentText } from './openapi-route';
import type { ReferenceAsset } from './reference-assets';
import { encodedBody } from './reference-encodings';
import { referenceModules } from './reference-loader';

const PAGE_HEADERS = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  // No script runs here at all; styles and images come from this server's files only.
  'content-security-policy':
    "default-src 'none'; script-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
});

const pages = new WeakMap<AuthContext, Promise<ReferenceAsset>>();

async function renderPage(auth: AuthContext): Promise<ReferenceAsset> {
  const [{ assets, renderReferencePage }, documentText] = await Promise.all([
    referenceModules(),
    openApiDocumentText(auth),
  ]);
  const base = `${auth.options.basePath}/reference/`;
  const html = renderReferencePage(JSON.parse(documentText) as Record<string, unknown>, {
    style: base + assets.page.style,
    icon: base + assets.page.icon,
    document: `${auth.options.basePath}/openapi.json`,
  });
  return { body: new TextEncoder().encode(html), type: PAGE_HEADERS['content-type'] };
}

/** The page, rendered at the first call; a failed render is tried again at the next. */
function referencePage(auth: AuthContext): Promise<ReferenceAsset> {
  let page = pages.get(auth);
  if (!page) {
    page = renderPage(auth);
    pages.set(auth, page);
    page.catch(() => pages.delete(auth));
  }
  return page;
}

export const apiReference = defineEndpoint({
  id: 'apiReference',
  method: 'GET',
  path: '/reference',
  summary: 'The API reference page',
  response: 'html',
  async handler({ auth, headers }) {
    const sent = await encodedBody(await referencePage(auth), headers.get('accept-encoding'));
    return new Response(sent.body, {
      headers: {
        ...PAGE_HEADERS,
        ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
        ...(sent.negotiated ? { vary: 'Accept-Encoding' } : {}),
      },
    });
  },
});
