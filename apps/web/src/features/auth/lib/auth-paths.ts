/**
 * @module The app's pages that mailed links land on. Relative paths: the server resolves them
 * against its own origin, which is the app's (the standalone server serves both), and a relative
 * path passes the server's redirect-URL check without configuring trusted origins.
 */

/**
 * `GET /verify-email` redirects here: with `?error=…` when the link failed, as given when it
 * worked. The marker tells the page that a link was followed: opened by hand, it has neither.
 */
export const VERIFY_EMAIL_PATH = '/verify-email?verified=1';
/** `GET /reset-password/{token}` redirects here with `?token=…` or `?error=INVALID_TOKEN`. */
export const RESET_PASSWORD_PATH = '/reset-password';
