/**
 * @module The protocol routes' parameters: a form (or JSON) body read loosely, so a missing or
 * malformed field is answered with the RFC's `invalid_request`, not the catalogue's
 * VALIDATION_ERROR, which no OAuth library understands.
 */
import { z } from 'zod';
import { OAuthError } from './oauth-error';

/** The body schema of every protocol route: any fields, checked by the handler. */
export const oauthParamsBody = z.record(z.string(), z.unknown());

export type OAuthParams = Readonly<Record<string, unknown>>;

/** The field's string value; absent or empty is undefined, any other type is `invalid_request`. */
export function stringParam(params: OAuthParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new OAuthError('invalid_request', `${name} must be a string`);
  return value;
}

export function requiredParam(params: OAuthParams, name: string): string {
  const value = stringParam(params, name);
  if (value === undefined) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}
