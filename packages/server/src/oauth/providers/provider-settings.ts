/**
 * @module What every provider file does with its configuration: the default endpoints with the
 * configured overrides, and the scopes it always asks for plus the configured ones.
 */
import type { ProviderCredentials, ProviderEndpoints } from '../provider';

export function withEndpoints<E extends Partial<ProviderEndpoints>>(defaults: E, credentials: ProviderCredentials): E {
  const overrides = Object.fromEntries(Object.entries(credentials.endpoints ?? {}).filter(([, url]) => url !== undefined));
  return { ...defaults, ...overrides };
}

export function scopesWith(defaults: readonly string[], credentials: ProviderCredentials): string[] {
  return [...new Set([...defaults, ...(credentials.scopes ?? [])])];
}
