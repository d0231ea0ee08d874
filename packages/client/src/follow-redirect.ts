/**
 * @module Follows a `{ redirect: true, url }` answer (social sign-in, a sign-in with a
 * `callbackURL`) the way better-auth's client does: by navigating the page. In Node there is no
 * page, so the data is simply returned to the caller.
 */

export function followRedirect(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const { redirect, url } = data as { redirect?: unknown; url?: unknown };
  if (redirect !== true || typeof url !== 'string' || !url) return;
  const win = (globalThis as { window?: { location: { href: string } } }).window;
  if (win) win.location.href = url;
}
