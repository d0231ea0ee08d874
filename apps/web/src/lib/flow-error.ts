/**
 * @module The codes a redirect flow comes back with (`?error=…`): the OAuth callback's of SPEC §8
 * (`state_not_found`, `account not linked`, …), a provider's own refusal passed through
 * (`access_denied`), and the mailed links'. Each has a sentence in the
 * `auth` namespace (`errorPage.codes.*`); an upper-case catalogue code has its text in `errors`.
 * The code comes from the address bar: only ever shown as text, and only when it looks like a code.
 */
import type { TFunction } from 'i18next';

const EXPLAINED = new Set([
  'please_restart_the_process',
  // The provider's own answer when the person refused or cancelled there (RFC 6749 §4.1.2.1).
  'access_denied',
  'invalid_callback_request',
  'state_not_found',
  'state_mismatch',
  'no_code',
  'oauth_provider_not_found',
  'invalid_code',
  'unable_to_get_user_info',
  'email_not_found',
  'no_callback_url',
  'account_already_linked_to_different_user',
  'unable_to_link_account',
  'account_not_linked',
  'signup_disabled',
  'unable_to_create_user',
  'unable_to_create_session',
  'token_expired',
  'invalid_token',
  'user_not_found',
  'unauthorized',
  'banned',
]);

/**
 * What a code looks like: letters, digits, `_`, `-` and spaces ("account not linked"), a line at most.
 * Security: anyone can write the address and send it, and the app is the trusted site; a sentence
 * there ("Your account is locked. Call support at …") would be a phishing aid, so anything else is
 * shown as Unknown (the server's `GET /error` does the same).
 */
const CODE_SHAPE = /^[A-Za-z0-9_\- ]{1,64}$/;

/** Some codes are written with spaces ("account not linked"); the keys use underscores. */
function explanationKey(code: string): string | null {
  const key = code.trim().toLowerCase().replace(/ +/g, '_');
  return EXPLAINED.has(key) ? `errorPage.codes.${key}` : null;
}

/** The sentence for a flow's error code; `generic` for a code the app does not know. */
export function explainFlowError(t: TFunction, code: string): string {
  const key = explanationKey(code);
  if (key) return t(key, { ns: 'auth' });
  // A catalogue code (BANNED_USER, EMAIL_NOT_VERIFIED…), in whichever case the flow wrote it.
  const catalogueCode = code
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return t(catalogueCode, {
    ns: 'errors',
    defaultValue: t('errorPage.generic', { ns: 'auth' }),
    keySeparator: false,
    nsSeparator: false,
  });
}

/** The `error` a flow added to this page's address (Unknown unless it looks like a code), or null. */
export function flowErrorOf(searchParams: URLSearchParams): string | null {
  const code = searchParams.get('error');
  if (!code) return null;
  return CODE_SHAPE.test(code) ? code : 'Unknown';
}
