/**
 * @module The body of the update routes, `{client_id, update}`: the metadata fields, but never the
 * authentication method nor the secret, which would change how the client proves itself (a new
 * method means a new registration; a new secret is rotate-secret's).
 *
 * A Latchkey extension: an optional field given as `null` is cleared. better-auth's update has no
 * way to clear one (its lists must hold an entry, and an empty string is stored as given), while
 * RFC 7592 §2.2 has an update replace the metadata whole, so a field left out is removed. A
 * partial update that cannot remove is half of that; `null` is the other half, without making
 * every better-auth caller that leaves fields out lose them.
 */
import { z } from 'zod';
import { AuthError } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { clientMetadataFields, clientMetadataSchema, CLEARABLE_FIELDS, type ClearableField } from './metadata';

const clearable = Object.fromEntries(
  CLEARABLE_FIELDS.map((field) => [field, clientMetadataFields[field].nullable()]),
) as { [K in ClearableField]: z.ZodNullable<(typeof clientMetadataFields)[K]> };

export const updateClientBody = z.object({
  client_id: z.string().min(1),
  update: clientMetadataSchema.extend({
    ...clearable,
    token_endpoint_auth_method: z.unknown().optional(),
    client_secret: z.unknown().optional(),
  }),
});

type Update = z.output<typeof updateClientBody>['update'];

/** The update without the fields no update may carry, which are refused. */
export function changeableFields(update: Update): Omit<Update, 'token_endpoint_auth_method' | 'client_secret'> {
  const { token_endpoint_auth_method: method, client_secret: secret, ...rest } = update;
  const fixed = [
    method === undefined ? null : 'token_endpoint_auth_method',
    secret === undefined ? null : 'client_secret',
  ];
  const refused = fixed.filter((field): field is string => field !== null);
  if (refused.length > 0) {
    throw new AuthError(OAUTH_PROVIDER_ERRORS.invalidClientMetadata, {
      details: refused.map((path) => ({ path, message: `${path} cannot be changed` })),
    });
  }
  return rest;
}
