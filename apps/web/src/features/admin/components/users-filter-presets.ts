/**
 * @module The quick filters above the grid (admins, users, banned, not banned, e-mail verified or
 * not, two-factor on or off, never signed in): each is one grid filter item, so the select and the
 * grid's own filter panel show the same filter. The server takes one filter, so presets do not
 * combine. "Signed in since" is the last sign-in column's own date filter: a preset holds a fixed
 * value, and "the last 30 days" would be another date tomorrow.
 */
import type { GridFilterModel } from '@mui/x-data-grid';
import { isActiveFilter } from './users-grid-query';

export const FILTER_PRESETS = {
  all: null,
  admins: { field: 'role', operator: 'is', value: 'admin' },
  users: { field: 'role', operator: 'is', value: 'user' },
  banned: { field: 'banned', operator: 'is', value: 'true' },
  notBanned: { field: 'banned', operator: 'is', value: 'false' },
  verified: { field: 'emailVerified', operator: 'is', value: 'true' },
  unverified: { field: 'emailVerified', operator: 'is', value: 'false' },
  twoFactorOn: { field: 'twoFactorEnabled', operator: 'is', value: 'true' },
  twoFactorOff: { field: 'twoFactorEnabled', operator: 'is', value: 'false' },
  neverSignedIn: { field: 'lastSignInAt', operator: 'isEmpty', value: undefined },
} as const;

export type FilterPreset = keyof typeof FILTER_PRESETS;
/** A filter set in the grid's panel that is none of the presets. */
export type FilterChoice = FilterPreset | 'other';

export function filterModelOf(preset: FilterPreset): GridFilterModel {
  const item = FILTER_PRESETS[preset];
  return { items: item ? [{ id: preset, ...item }] : [] };
}

export function presetOf(model: GridFilterModel): FilterChoice {
  const items = model.items.filter(isActiveFilter);
  if (items.length === 0) return 'all';
  const [item] = items;
  for (const [name, preset] of Object.entries(FILTER_PRESETS)) {
    if (
      preset &&
      items.length === 1 &&
      preset.field === item!.field &&
      preset.operator === item!.operator &&
      String(preset.value) === String(item!.value)
    )
      return name as FilterPreset;
  }
  return 'other';
}
