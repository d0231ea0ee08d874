/**
 * @module The users grid's state — page, sort, filter, search — as the list-users query. The
 * server does the work (the grid runs in server mode): it filters on one field with eq, ne, lt,
 * lte, gt or gte, so only the grid operators with such a meaning are offered (users-columns.tsx)
 * and mapped here; an item still waiting for its value filters nothing. A date's "is empty" and
 * "is not empty" are the server's `eq`/`ne` with the value `null`.
 */
import type { GridFilterItem, GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { ListUsersQuery } from '../api/list-users';

export const SEARCH_FIELDS = ['email', 'name'] as const;
export const SEARCH_OPERATORS = ['contains', 'starts_with', 'ends_with'] as const;

export interface UserSearch {
  value: string;
  field: (typeof SEARCH_FIELDS)[number];
  operator: (typeof SEARCH_OPERATORS)[number];
}

export interface UsersGridState {
  pagination: GridPaginationModel;
  sort: GridSortModel;
  filter: GridFilterModel;
  search: UserSearch;
}

/** The grid's operator names (singleSelect, boolean and dateTime columns) → the server's. */
export const FILTER_OPERATORS: Readonly<Record<string, NonNullable<ListUsersQuery['filterOperator']>>> = {
  is: 'eq',
  not: 'ne',
  after: 'gt',
  onOrAfter: 'gte',
  before: 'lt',
  onOrBefore: 'lte',
  isEmpty: 'eq',
  isNotEmpty: 'ne',
};

/** The date operators that take no value: the server's `null` ("no date": never signed in). */
export const VALUELESS_OPERATORS: ReadonlySet<string> = new Set(['isEmpty', 'isNotEmpty']);

function hasValue(item: GridFilterItem): boolean {
  return item.value !== undefined && item.value !== null && item.value !== '';
}

/** An item that filters: it has its value, or needs none. */
export function isActiveFilter(item: GridFilterItem): boolean {
  return item.operator in FILTER_OPERATORS && (VALUELESS_OPERATORS.has(item.operator) || hasValue(item));
}

/** Query strings carry text; a date travels as its ISO instant, a boolean as true/false. */
function filterValueOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export function toListUsersQuery({ pagination, sort, filter, search }: UsersGridState): ListUsersQuery {
  const query: ListUsersQuery = { limit: pagination.pageSize, offset: pagination.page * pagination.pageSize };
  const [order] = sort;
  if (order?.sort) {
    query.sortBy = order.field;
    query.sortDirection = order.sort;
  }
  // The free grid keeps one filter item; the server takes one filter.
  const item = filter.items.find(isActiveFilter);
  if (item) {
    query.filterField = item.field;
    query.filterOperator = FILTER_OPERATORS[item.operator];
    query.filterValue = VALUELESS_OPERATORS.has(item.operator) ? 'null' : filterValueOf(item.value);
  }
  const value = search.value.trim();
  if (value) {
    query.searchValue = value;
    query.searchField = search.field;
    query.searchOperator = search.operator;
  }
  return query;
}
