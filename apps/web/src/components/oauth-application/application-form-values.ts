/**
 * @module The application form's values and their translation to and from the server's RFC 7591
 * fields. Lists are typed one per line (redirect URIs) or space-separated (scopes, as OAuth writes
 * them). The form's field names are the server's where one field maps to one, so a refusal that
 * names its field (`details[].path`) lands under that field. Shared by the admin console (every
 * field) and an organization's Applications tab (the owner's fields: `ownerUpdateOf`).
 */
import { z } from 'zod';
import {
  APPLICATION_TYPES,
  DEVICE_CODE_GRANT,
  metadataOfType,
  typeOfClient,
  type ApplicationType,
} from './application-types';

export const applicationFormSchema = z.object({
  client_name: z.string().trim().min(1, 'validation.required').max(256),
  type: z.enum(APPLICATION_TYPES),
  redirect_uris: z.string(),
  post_logout_redirect_uris: z.string(),
  refresh_tokens: z.boolean(),
  device_code: z.boolean(),
  scope: z.string(),
  client_credentials_scopes: z.string(),
  logo_uri: z.string().trim(),
  client_uri: z.string().trim(),
  skip_consent: z.boolean(),
  enable_end_session: z.boolean(),
});
export type ApplicationFormValues = z.infer<typeof applicationFormSchema>;

export const EMPTY_APPLICATION: ApplicationFormValues = {
  client_name: '',
  type: 'web',
  redirect_uris: '',
  post_logout_redirect_uris: '',
  refresh_tokens: true,
  device_code: false,
  scope: 'openid profile email',
  client_credentials_scopes: '',
  logo_uri: '',
  client_uri: '',
  skip_consent: false,
  enable_end_session: false,
};

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
const words = (text: string) => text.split(/\s+/).filter(Boolean);

function grantTypesOf(values: ApplicationFormValues): string[] {
  if (values.type === 'machine') return ['client_credentials'];
  const grants = ['authorization_code'];
  if (values.refresh_tokens) grants.push('refresh_token');
  if (values.device_code) grants.push(DEVICE_CODE_GRANT);
  return grants;
}

/** The fields both create and update send; blank optional fields are left out (see `updateOf`). */
function commonFields(values: ApplicationFormValues) {
  const machine = values.type === 'machine';
  const redirectUris = machine ? [] : lines(values.redirect_uris);
  const postLogout = machine ? [] : lines(values.post_logout_redirect_uris);
  const scope = words(values.scope).join(' ');
  const machineScopes = machine ? words(values.client_credentials_scopes) : [];
  return {
    client_name: values.client_name.trim(),
    grant_types: grantTypesOf(values),
    response_types: machine ? [] : ['code'],
    ...(redirectUris.length > 0 ? { redirect_uris: redirectUris } : {}),
    ...(postLogout.length > 0 ? { post_logout_redirect_uris: postLogout } : {}),
    ...(scope ? { scope } : {}),
    ...(machine ? { client_credentials_scopes: machineScopes } : {}),
    ...(values.logo_uri ? { logo_uri: values.logo_uri } : {}),
    ...(values.client_uri ? { client_uri: values.client_uri } : {}),
    skip_consent: machine ? false : values.skip_consent,
    enable_end_session: machine ? false : values.enable_end_session,
  };
}

export function createBodyOf(values: ApplicationFormValues) {
  const { token_endpoint_auth_method, application_type } = metadataOfType(values.type);
  return { ...commonFields(values), token_endpoint_auth_method, application_type };
}

/** The optional fields a blank in the form clears; the server takes `null` as "remove". */
const CLEARED_WHEN_BLANK = ['post_logout_redirect_uris', 'scope', 'logo_uri', 'client_uri'] as const;

/**
 * The update: everything but the type, which the authentication method fixes for good. A field
 * left blank is sent as `null`, so emptying it in the form removes it (left out, it would stay).
 */
export function updateOf(values: ApplicationFormValues) {
  const fields = commonFields(values);
  const cleared = Object.fromEntries(
    CLEARED_WHEN_BLANK.filter((field) => !(field in fields)).map((field) => [field, null] as const),
  ) as { [K in (typeof CLEARED_WHEN_BLANK)[number]]?: null };
  return { ...cleared, ...fields };
}

/**
 * The owner's update (POST /oauth2/update-client): name, redirect URIs, logo and homepage only;
 * the type, grants and scopes stay as registered, and the first-party switches are an admin's.
 */
export function ownerUpdateOf(values: ApplicationFormValues) {
  const { client_name, redirect_uris, post_logout_redirect_uris, logo_uri, client_uri } = updateOf(values);
  return { client_name, redirect_uris, post_logout_redirect_uris, logo_uri, client_uri };
}

/** A registered client as the management routes answer it, in the fields the form reads. */
export interface RegisteredClient {
  client_name?: unknown;
  token_endpoint_auth_method: string;
  application_type?: unknown;
  grant_types: readonly string[];
  redirect_uris: readonly string[];
  post_logout_redirect_uris?: unknown;
  scope?: unknown;
  client_credentials_scopes?: unknown;
  logo_uri?: unknown;
  client_uri?: unknown;
  skip_consent?: unknown;
  enable_end_session?: unknown;
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function valuesOfClient(client: RegisteredClient): ApplicationFormValues {
  const type: ApplicationType = typeOfClient(client);
  return {
    client_name: textOf(client.client_name),
    type,
    redirect_uris: client.redirect_uris.join('\n'),
    post_logout_redirect_uris: listOf(client.post_logout_redirect_uris).join('\n'),
    refresh_tokens: client.grant_types.includes('refresh_token'),
    device_code: client.grant_types.includes(DEVICE_CODE_GRANT),
    scope: textOf(client.scope),
    client_credentials_scopes: listOf(client.client_credentials_scopes).join(' '),
    logo_uri: textOf(client.logo_uri),
    client_uri: textOf(client.client_uri),
    skip_consent: client.skip_consent === true,
    enable_end_session: client.enable_end_session === true,
  };
}
