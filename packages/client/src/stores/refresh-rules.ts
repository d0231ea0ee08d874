/**
 * @module Which stores a successful call makes stale (SPEC §4 "Client refresh behaviour"), as one
 * table of path rules rather than path comparisons spread through the stores. "Any organization
 * call" means any organization change (POST): the stores' own reads are organization GETs, and a
 * read that refreshed its own store would loop.
 */
import type { HttpMethod } from '../request-method';

export type StoreName = 'session' | 'organizations' | 'activeOrganization' | 'activeMember';

/** SPEC §4: refresh delay is 10 ms. */
export const REFRESH_DELAY = 10;

const RULES: readonly { match: RegExp; method?: HttpMethod; stores: readonly StoreName[] }[] = [
  {
    match:
      /^\/(sign-out|update-user|delete-user|verify-email|change-password|revoke-[a-z-]+|sign-in\/.+|sign-up\/.+|admin\/(impersonate-user|stop-impersonating))$/,
    stores: ['session'],
  },
  { match: /^\/organization\/(create|delete|update)$/, stores: ['organizations'] },
  { match: /^\/organization\//, method: 'POST', stores: ['activeOrganization'] },
  // The active member belongs to the active organization: it changes with it.
  { match: /^\/organization\/set-active$/, stores: ['session', 'activeMember'] },
  { match: /^\/organization\/update-member-role$/, stores: ['activeMember'] },
];

export function storesToRefresh(path: string, method: HttpMethod): StoreName[] {
  const names = new Set<StoreName>();
  for (const rule of RULES)
    if (rule.match.test(path) && (!rule.method || rule.method === method))
      for (const name of rule.stores) names.add(name);
  return [...names];
}
