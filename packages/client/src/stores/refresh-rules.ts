/**
 * @module Which stores a successful call makes stale (SPEC §4 "Client refresh behaviour"): the
 * client plugins' refresh tables, keyed by endpoint id, merged into one. A call no plugin declares
 * refreshes nothing.
 */
import type { ClientPlugin } from '../client-plugin';

/** SPEC §4: refresh delay is 10 ms. */
export const REFRESH_DELAY = 10;

export type RefreshRules = ReadonlyMap<string, readonly string[]>;

export function mergeRefreshRules(plugins: readonly ClientPlugin[]): RefreshRules {
  const rules = new Map<string, Set<string>>();
  for (const plugin of plugins)
    for (const [id, stores] of Object.entries(plugin.refresh ?? {})) {
      const names = rules.get(id) ?? new Set<string>();
      for (const name of stores ?? []) names.add(name);
      rules.set(id, names);
    }
  return new Map([...rules].map(([id, names]) => [id, [...names]]));
}

export function storesToRefresh(rules: RefreshRules, id: string | undefined): readonly string[] {
  return (id !== undefined && rules.get(id)) || [];
}
