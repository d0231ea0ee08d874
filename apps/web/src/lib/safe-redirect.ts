/**
 * @module Where to go after sign-in: only a path of this app. An absolute or protocol-relative
 * URL in `redirectTo` would make the sign-in page an open redirect.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/account'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

export function signInPath(returnTo: string): string {
  return `/sign-in?redirectTo=${encodeURIComponent(returnTo)}`;
}
