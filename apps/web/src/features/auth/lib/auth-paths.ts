/**
 * @module The app's pages that mailed links land on. Relative paths: the server resolves them
 * against its own origin, which is the app's (the standalone server serves both), and a relative
 * path passes the server's redirect-URL check without configuring trusted origins.
 */

/** Where `GET /verify-email` lands (shared with the invitation page, which mails links too). */
export { VERIFY_EMAIL_PATH } from '../../../lib/safe-redirect';
/** `GET /reset-password/{token}` redirects here with `?token=…` or `?error=INVALID_TOKEN`. */
export const RESET_PASSWORD_PATH = '/reset-password';
