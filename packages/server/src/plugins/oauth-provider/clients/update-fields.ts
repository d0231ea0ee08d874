/**
 * @module The body of the update routes, `{client_id, update}`: the metadata fields, but never the
 * authentication method nor the secret, which would change how the client proves itself (a new
 * method means a new registration; a new secret is rotate-secret's).
 */
import { z } from 'zod';
import { AuthError } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { clientMetadataSchema } from './metadata';

export const updateClientBody = z.object({
  client_id: z.string().min(1),
  update: clientMetadataSchema.extend({
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
