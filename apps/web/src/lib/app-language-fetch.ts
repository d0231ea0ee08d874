/**
 * @module Every API call carries the app's chosen language as `Accept-Language`: the server writes
 * its mails (verification, password reset, e-mail change, account deletion, invitation) in the
 * language of the request that causes them. The browser's own header names the browser's
 * languages, not the one picked in the app's menu. The chosen language is read from `<html lang>`,
 * which the language context keeps in step with the choice.
 */

export function withAppLanguage(send: typeof fetch): typeof fetch {
  return (input, init) => {
    const language = globalThis.document?.documentElement.lang;
    if (!language) return send(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has('accept-language')) headers.set('accept-language', language);
    return send(input, { ...init, headers });
  };
}
