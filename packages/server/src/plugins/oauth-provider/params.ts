/**
 * @module The protocol routes' parameters: a form (or JSON) body read loosely, so a missing or
 * malformed field is answered with the RFC's `invalid_request`, not the catalogue's
 * VALIDATION_ERROR, which no OAuth library understands.
 */
import { z } from 'zod';
import { OAuthError } from './oauth-error';

/** The body schema of every protocol route: any fields, checked by the handler. */
export const oauthParamsBody = z.record(z.string(), z.unknown());

/**
 * A parameter a request may give several times (RFC 8707's `resource`): the schema takes a list, so
 * the engine keeps every value of a repeated form field or query parameter instead of one; a JSON
 * body may send a list. Anything else is let through, for the handler's `invalid_request`.
 */
export const repeatableParam = z.union([z.string(), z.array(z.unknown()), z.unknown()]).optional();

/** The body schema of the protocol routes that take RFC 8707 resources: `resource` may repeat. */
export const oauthParamsWithResourcesBody = z.object({ resource: repeatableParam }).catchall(z.unknown());

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

/** Every value of a repeatable parameter (one string, or a list of them); none when absent or empty. */
export function listParam(params: OAuthParams, name: string): string[] {
  const value = params[name];
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '')) return [...value];
  throw new OAuthError('invalid_request', `${name} must be a string or a list of strings`);
}
