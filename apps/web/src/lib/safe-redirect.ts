/**
 * @module Where to go after sign-in, sign-up or e-mail verification: only a path of this app. An
 * absolute or protocol-relative URL in `redirectTo` would make these pages an open redirect.
 */

// Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\t/evil` and `/\evil`
// become `//evil`: a control character or backslash anywhere refuses the target (as the server's
// redirect-URL check does).
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;
const PROBE_ORIGIN = 'http://app.invalid';

export function safeRedirect(target: string | null | undefined, fallback = '/account'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || UNSAFE_IN_PATH.test(target)) return fallback;
  // Whatever else a browser would make of it, it must stay on this origin.
  if (new URL(target, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
  return target;
}

export function signInPath(returnTo: string): string {
  return `/sign-in?redirectTo=${encodeURIComponent(returnTo)}`;
}

export function signUpPath(returnTo: string): string {
  return `/sign-up?redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * `GET /verify-email` redirects here: with `?error=…` when the link failed, as given when it
 * worked. The marker tells the page that a link was followed: opened by hand, it has neither.
 */
export const VERIFY_EMAIL_PATH = '/verify-email?verified=1';

/**
 * The verification mail's callbackURL: the landing page, carrying where the user was going (an
 * invitation, say) so that it leads them back there. A relative path passes the server's
 * redirect-URL check; the page checks `redirectTo` again with `safeRedirect`.
 */
export function verifyEmailCallbackURL(returnTo?: string): string {
  const target = safeRedirect(returnTo, '');
  return target ? `${VERIFY_EMAIL_PATH}&redirectTo=${encodeURIComponent(target)}` : VERIFY_EMAIL_PATH;
}
