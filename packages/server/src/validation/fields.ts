/**
 * @module The zod fields that several routes share, with the length bounds that keep oversized
 * input out of the database (a 400 VALIDATION_ERROR names the field).
 */
import { z } from 'zod';
import type { ErrorEntry } from '../endpoint/errors';
import { DEFAULTS } from '../auth/options';
import { SERVER_LANGUAGES } from '../i18n/request-language';

/** Validated and normalised by `normalizeEmail` in the handler, so the error is `Invalid email`. */
export const emailField = z.string().max(DEFAULTS.maxEmailLength);
/** Bounded far above any configurable maximum so hashing work stays bounded; the policy checks the rest. */
export const passwordField = z.string().max(4096);
export const nameField = z.string().max(DEFAULTS.maxNameLength);
export const imageField = z.string().max(DEFAULTS.maxImageLength);
/** The language of a user's mails: one the server writes mails in, nothing else. */
export const languageField = z.enum(SERVER_LANGUAGES);
/** What marks a field as a redirect target, and the catalogue entry that refuses it. */
export const redirectTargets = z.registry<{ readonly error: ErrorEntry }>();
/**
 * A redirect target supplied by the caller: the endpoint runner checks every field so marked,
 * wherever it sits in a body or query schema, against the trusted origins (a check here could not
 * see them) and refuses an unsafe one with `error`. Handlers still see a plain string.
 */
export function redirectUrl(error: ErrorEntry) {
  return z.string().max(2048).register(redirectTargets, { error });
}
/** Query strings carry text; the typed api may pass real booleans. */
export const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** Scopes asked of an identity provider beyond its own (sign-in/social, link-social). */
export const scopesField = z.array(z.string().min(1).max(256)).max(50);
