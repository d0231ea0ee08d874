/**
 * @module A metadata refusal (metadata.ts) as the management routes answer it: the catalogue's
 * entry for its RFC 7591 error, with the field and what is wrong with it in the details; and the
 * refusal of the fields only a platform admin may set.
 */
import { AuthError } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { ClientMetadataError, restrictedFieldsIn } from './metadata';

const ENTRIES = {
  invalid_client_metadata: OAUTH_PROVIDER_ERRORS.invalidClientMetadata,
  invalid_redirect_uri: OAUTH_PROVIDER_ERRORS.invalidRedirectUri,
  invalid_scope: OAUTH_PROVIDER_ERRORS.invalidScope,
} as const;

export const CLIENT_METADATA_ERRORS = Object.values(ENTRIES);

/** Runs `work`, answering its metadata refusal from the catalogue; anything else propagates. */
export async function answeringInCatalogue<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ClientMetadataError)) throw error;
    const entry = ENTRIES[error.error as keyof typeof ENTRIES];
    throw new AuthError(entry, { details: [{ path: error.field, message: error.description }] });
  }
}

/** What a client owner may not decide for the users who will consent to it (metadata.ts). */
export function refuseRestrictedFields(body: Parameters<typeof restrictedFieldsIn>[0]): void {
  const fields = restrictedFieldsIn(body);
  if (fields.length > 0) {
    throw new AuthError(OAUTH_PROVIDER_ERRORS.restrictedClientFields, {
      details: fields.map((path) => ({ path, message: `${path} may be set only by a platform admin` })),
    });
  }
}
