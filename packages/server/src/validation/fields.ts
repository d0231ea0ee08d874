/**
 * @module The zod fields that several routes share, with the length bounds that keep oversized
 * input out of the database (a 400 VALIDATION_ERROR names the field).
 */
import { z } from 'zod';
import { DEFAULTS } from '../options';

/** Validated and normalised by `normalizeEmail` in the handler, so the error is `Invalid email`. */
export const emailField = z.string().max(DEFAULTS.maxEmailLength);
/** Bounded far above any configurable maximum so hashing work stays bounded; the policy checks the rest. */
export const passwordField = z.string().max(4096);
export const nameField = z.string().max(DEFAULTS.maxNameLength);
export const imageField = z.string().max(DEFAULTS.maxImageLength);
/** Checked against trusted origins by the endpoint runner. */
export const redirectField = z.string().max(2048);
/** Query strings carry text; the typed api may pass real booleans. */
export const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** Scopes asked of an identity provider beyond its own (sign-in/social, link-social). */
export const scopesField = z.array(z.string().min(1).max(256)).max(50);
