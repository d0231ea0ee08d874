/**
 * @module The users list's state in the address, as the audit log keeps its filters: the search
 * (`q`, `in`, `match`), the sort (`sort`, `dir`), the grid's one filter (`filter`, `op`, `value`)
 * and the page (grid-address.ts). Leaving for a user's page and coming back — by the page's "Back
 * to users" or the browser's Back — finds the list as it was left. Unknown values fall back to
 * the defaults rather than failing.
 */
import type { GridFilterModel, GridSortModel } from '@mui/x-data-grid';
import { paginationOf, withPagination } from './grid-address';
import {
  SEARCH_FIELDS,
  SEARCH_OPERATORS,
  VALUELESS_OPERATORS,
  isActiveFilter,
  type UserSearch,
  type UsersGridState,
} from './users-grid-query';

const DATE_FIELDS = new Set(['createdAt', 'lastSignInAt']);

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

export function usersStateOf(params: URLSearchParams): UsersGridState {
  const search: UserSearch = {
    value: params.get('q') ?? '',
    field: oneOf(SEARCH_FIELDS, params.get('in'), 'email'),
    operator: oneOf(SEARCH_OPERATORS, params.get('match'), 'contains'),
  };
  const sortField = params.get('sort');
  const sort: GridSortModel = sortField
    ? [{ field: sortField, sort: params.get('dir') === 'desc' ? 'desc' : 'asc' }]
    : [];
  const field = params.get('filter');
  const operator = params.get('op');
  const raw = params.get('value');
  const filter: GridFilterModel = { items: [] };
  if (field && operator && VALUELESS_OPERATORS.has(operator)) {
    filter.items.push({ id: `${field}-${operator}`, field, operator });
  } else if (field && operator && raw !== null) {
    // The date column's filter input holds a Date; the others hold the text they were given.
    const value = DATE_FIELDS.has(field) ? new Date(raw) : raw;
    if (!(value instanceof Date) || !Number.isNaN(value.getTime()))
      filter.items.push({ id: `${field}-${operator}`, field, operator, value });
  }
  return { pagination: paginationOf(params), sort, filter, search };
}

export function usersSearchOf({ pagination, sort, filter, search }: UsersGridState): URLSearchParams {
  const params = new URLSearchParams();
  if (search.value) params.set('q', search.value);
  if (search.field !== 'email') params.set('in', search.field);
  if (search.operator !== 'contains') params.set('match', search.operator);
  const [order] = sort;
  if (order?.sort) {
    params.set('sort', order.field);
    params.set('dir', order.sort);
  }
  const [item] = filter.items;
  if (item && isActiveFilter(item)) {
    params.set('filter', item.field);
    params.set('op', item.operator);
    if (!VALUELESS_OPERATORS.has(item.operator))
      params.set('value', item.value instanceof Date ? item.value.toISOString() : String(item.value));
  }
  return withPagination(params, pagination);
}

const LAST_LIST_KEY = 'latchkey.admin.users-list';

/**
 * The list's address as last shown, kept for the tab (sessionStorage): a user's page is also
 * reached from the audit log and by its own links, where no "previous page" is the list, and its
 * "Back to users" should still return to the list as the admin left it.
 */
export function rememberUsersList(search: URLSearchParams): void {
  try {
    sessionStorage.setItem(LAST_LIST_KEY, search.toString());
  } catch {
    // Storage refused (private mode, quota): "Back" then opens the plain list.
  }
}

export function usersListPath(): string {
  let search: string | null = null;
  try {
    search = sessionStorage.getItem(LAST_LIST_KEY);
  } catch {
    search = null;
  }
  return search ? `/admin/users?${search}` : '/admin/users';
}
