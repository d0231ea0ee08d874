/**
 * @module GET /reference: an interactive reference of the API (Swagger UI) rendering
 * GET /openapi.json. Its files (GET /reference/:file) are served by this server from memory,
 * nothing from a CDN: the page's CSP lets it load scripts, styles, images and data from this
 * origin only, and run no inline script or style. The files are read at the first request
 * (openapi/reference-loader.ts), so a server whose reference nobody opens never loads them.
 */
import { html } from 'hono/html';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { referenceAssets } from './reference-loader';

const PAGE_HEADERS = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
});

export const apiReference = defineEndpoint({
  id: 'apiReference',
  method: 'GET',
  path: '/reference',
  response: 'html',
  async handler({ auth }) {
    const { page } = await referenceAssets();
    const base = `${auth.options.basePath}/reference/`;
    const body = await html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Latchkey API reference</title>
          <link rel="icon" type="image/png" href="${base + page.icon}" />
          <link rel="stylesheet" href="${base + page.style}" />
          <link rel="stylesheet" href="${base + page.pageStyle}" />
        </head>
        <body>
          <div id="reference" data-document="${auth.options.basePath}/openapi.json"></div>
          <script src="${base + page.script}"></script>
          <script src="${base + page.start}"></script>
        </body>
      </html>`;
    return new Response(body.toString(), { headers: PAGE_HEADERS });
  },
});
