/**
 * @module GET /error: the server-rendered page OAuth and link flows land on when they fail. The
 * error code comes from the query: shown only when it looks like a code, and escaped by Hono's html
 * template. It has the web app's look
 * (its `/error` page: a card, an error alert, the app's primary button) and speaks the language the
 * request's `Accept-Language` asks for, among the app's eight.
 */
import { html } from 'hono/html';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { ERROR_PAGE_TEXTS } from './error-page-texts';
import { requestLanguage } from '../i18n/request-language';
import { ERROR_PAGE_STYLE } from './error-page-style';

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

/**
 * What a code looks like: letters, digits, `_`, `-` and spaces ("account not linked"), a line at most.
 * Security: the value comes from an address anyone can write and send, and this page is on the
 * trusted site; a sentence ("Your account is locked. Call support at …") shown here would be a
 * phishing aid, so only what looks like a code is shown, anything else as Unknown.
 */
const CODE_SHAPE = /^[A-Za-z0-9_\- ]{1,64}$/;

function displayedCode(value: string | undefined): string {
  return value && CODE_SHAPE.test(value) ? value : 'Unknown';
}

export const errorPage = defineEndpoint({
  id: 'error',
  method: 'GET',
  path: '/error',
  summary: 'The error page',
  query: z.object({ error: z.string().optional() }),
  response: 'html',
  async handler({ auth, query, headers }) {
    const code = displayedCode(query.error);
    const language = requestLanguage(headers);
    const texts = ERROR_PAGE_TEXTS[language];
    const page = await html`<!doctype html>
      <html lang="${language}">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <title>${texts.title} · Latchkey</title>
          <style>
            ${ERROR_PAGE_STYLE}
          </style>
        </head>
        <body>
          <main>
            <h1>${texts.title}</h1>
            <p role="alert" class="alert">${texts.failed}</p>
            <p>${texts.code} <code>${code}</code></p>
            <p><a class="button" href="${auth.options.baseOrigin}/">${texts.home}</a></p>
          </main>
        </body>
      </html>`;
    return new Response(page.toString(), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-language': language,
        // The same address answers in another language for another Accept-Language.
        vary: 'accept-language',
        'cache-control': 'no-store',
        ...SECURITY_HEADERS,
      },
    });
  },
});
