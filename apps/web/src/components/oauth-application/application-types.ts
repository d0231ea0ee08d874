/**
 * @module The four kinds of application the console offers, and what each means in RFC 7591
 * metadata: a server-side web app holds a secret; a single-page or native app cannot keep one
 * (public, PKCE only); a machine uses client_credentials, with no user and no redirect. An
 * existing client is read back into one of them by its authentication method and grants.
 */
export const APPLICATION_TYPES = ['web', 'spa', 'native', 'machine'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export interface ApplicationMetadata {
  token_endpoint_auth_method: 'client_secret_basic' | 'none';
  application_type: 'web' | 'native';
}

export function metadataOfType(type: ApplicationType): ApplicationMetadata {
  switch (type) {
    case 'web':
    case 'machine':
      return { token_endpoint_auth_method: 'client_secret_basic', application_type: 'web' };
    case 'spa':
      return { token_endpoint_auth_method: 'none', application_type: 'web' };
    case 'native':
      return { token_endpoint_auth_method: 'none', application_type: 'native' };
  }
}

export function isConfidentialType(type: ApplicationType): boolean {
  return metadataOfType(type).token_endpoint_auth_method !== 'none';
}

interface ClientShape {
  token_endpoint_auth_method: string;
  grant_types: readonly string[];
  application_type?: unknown;
}

export function typeOfClient(client: ClientShape): ApplicationType {
  if (client.token_endpoint_auth_method === 'none') return client.application_type === 'native' ? 'native' : 'spa';
  return client.grant_types.includes('authorization_code') ? 'web' : 'machine';
}

/** Whether the client holds a secret the console can rotate (not public, not private_key_jwt). */
export function hasSecret(client: { token_endpoint_auth_method: string }): boolean {
  return (
    client.token_endpoint_auth_method === 'client_secret_basic' ||
    client.token_endpoint_auth_method === 'client_secret_post'
  );
}

/** A logo address the page may load: http(s) only, never a `javascript:` or `data:` one. */
export function logoOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
