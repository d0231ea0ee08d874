/**
 * @module GET /error: the server-rendered page OAuth and link flows land on when they fail. The
 * error code comes from the query and is escaped by Hono's html template.
 */
import { html } from 'hono/html';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * The page runs no script and loads nothing: whatever reached it through the query, escaped as it
 * is, could not fetch, frame or run anything. Inline styles are its only need.
 */
const SECURITY_HEADERS = Object.freeze({
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
});

export const errorPage = defineEndpoint({
  id: 'error',
  method: 'GET',
  path: '/error',
  query: z.object({ error: z.string().optional() }),
  async handler({ auth, query }) {
    // Shown whatever its length (this page is where failures land), but never more than a line of it.
    const code = query.error?.slice(0, 256) || 'Unknown';
    const page = await html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Authentication error</title>
          <style>
            body {
              font-family: system-ui, sans-serif;
              display: grid;
              place-items: center;
              min-height: 100vh;
              margin: 0;
            }
            main {
              max-width: 28rem;
              padding: 2rem;
              text-align: center;
            }
            code {
              background: #f3f3f3;
              padding: 0.2rem 0.4rem;
              border-radius: 4px;
            }
          </style>
        </head>
        <body>
          <main>
            <h1>Something went wrong</h1>
            <p>Signing in could not be completed. Error code: <code>${code}</code></p>
            <p><a href="${auth.options.baseOrigin}/">Return to the application</a></p>
          </main>
        </body>
      </html>`;
    return new Response(page.toString(), {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS },
    });
  },
});
