/**
 * @module The two pages RP-initiated logout shows a browser itself: the confirmation (a form
 * posting back to the end-session endpoint) and "signed out". Small, static and self-contained,
 * as better-auth's are: no script, and a policy that lets the form post only to us and to the one
 * verified post-logout redirect. They speak the request's language (Accept-Language, among the web
 * app's eight), as the error page does.
 */
import type { ServerLanguage } from '../../../plugin';
import { LOGOUT_TEXTS } from './logout-texts';

export interface ConfirmationFields {
  readonly clientId?: string | undefined;
  readonly postLogoutRedirectUri?: string | undefined;
  readonly state?: string | undefined;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(language: ServerLanguage, title: string, body: string, formTargets: readonly string[] = []): Response {
  return new Response(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
    {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        pragma: 'no-cache',
        'x-content-type-options': 'nosniff',
        'content-language': language,
        // The same address answers in another language for another Accept-Language.
        vary: 'accept-language',
        // frame-ancestors: a framed confirm button could be clicked by a trick (clickjacking).
        // form-action lists the redirect after the post too: browsers hold a form's redirects to it.
        'content-security-policy': [
          "default-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          `form-action 'self'${formTargets.map((target) => ` ${target}`).join('')}`,
        ].join('; '),
      },
    },
  );
}

/** The confirmation: nothing ends until the user posts this form, from our own origin. */
export function confirmationPage(language: ServerLanguage, action: string, fields: ConfirmationFields): Response {
  const texts = LOGOUT_TEXTS[language];
  const hidden = [
    ['confirm', 'true'],
    ['client_id', fields.clientId],
    ['post_logout_redirect_uri', fields.postLogoutRedirectUri],
    ['state', fields.state],
  ]
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const targets = fields.postLogoutRedirectUri ? [new URL(fields.postLogoutRedirectUri).origin] : [];
  return page(
    language,
    texts.signOut,
    `<h1>${escapeHtml(texts.confirmHeading)}</h1><p>${escapeHtml(texts.confirmQuestion)}</p>` +
      `<form method="post" action="${escapeHtml(action)}">${hidden}` +
      `<button type="submit">${escapeHtml(texts.signOut)}</button></form>`,
    targets,
  );
}

export function signedOutPage(language: ServerLanguage, redirectRefused: boolean): Response {
  const texts = LOGOUT_TEXTS[language];
  const note = redirectRefused ? `<p>${escapeHtml(texts.redirectRefused)}</p>` : '';
  return page(language, texts.signedOutTitle, `<h1>${escapeHtml(texts.signedOut)}</h1>${note}`);
}
