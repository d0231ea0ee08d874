/**
 * @module /admin/users: every user, paged, sorted and filtered by the server (list-users), with
 * the search bar above the grid and the total. The search, sort, filter and page live in the
 * address (users-address.ts), as the audit log's filters do, so "Back to users", the browser's
 * Back and a reload return to the list as it was left; together they are the query. A row opens
 * the user's page; checked rows get the bulk actions (users-bulk-actions.tsx), and "Export CSV"
 * downloads every user the search and filter select.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Typography from '@mui/material/Typography';
import type { GridFilterModel, GridPaginationModel, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { useAuth } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { exportUrl } from '../api/export-csv';
import { useListUsers, type AdminUser } from '../api/list-users';
import { AdminNav } from './admin-nav';
import { filterModelOf, presetOf, type FilterPreset } from './users-filter-presets';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { UsersBulkActions } from './users-bulk-actions';
import { UsersCards } from './users-cards';
import { UsersGrid, type UsersGridProps } from './users-grid';
import { rememberUsersList, usersSearchOf, usersStateOf } from './users-address';
import { toListUsersQuery, type UserSearch, type UsersGridState } from './users-grid-query';
import { UsersSearchBar } from './users-search-bar';

const SEARCH_DELAY_MS = 300;
const NO_USERS: AdminUser[] = [];
const NOTHING_SELECTED: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The grid reports a fresh, equal model when its rows change: keeping the old one spares a render. */
function sameSelection(a: GridRowSelectionModel, b: GridRowSelectionModel): boolean {
  return a.type === b.type && a.ids.size === b.ids.size && [...a.ids].every((id) => b.ids.has(id));
}

/** The checked users of the page on screen ("all" from the header box is an exclude model). */
function selectedUsers(users: readonly AdminUser[], model: GridRowSelectionModel): AdminUser[] {
  return users.filter((user) => (model.type === 'include') === model.ids.has(user.id));
}

export function UsersPage() {
  const { t } = useTranslation('admin');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const state = usersStateOf(params);
  const { pagination, sort, filter, search } = state;
  useEffect(() => rememberUsersList(params), [params]);
  const searchValue = useDebouncedValue(search.value, SEARCH_DELAY_MS);

  const query = toListUsersQuery({ ...state, search: { ...search, value: searchValue } });
  const { data, error, isFetching } = useListUsers(query);
  const { baseURL } = useAuth();
  const [selection, setSelection] = useState<GridRowSelectionModel>(NOTHING_SELECTED);
  // Another page, search, filter or sort shows other rows: a selection no longer seen is dropped.
  const queryKey = JSON.stringify(query);
  useEffect(() => setSelection(NOTHING_SELECTED), [queryKey]);
  const users = data?.users ?? NO_USERS;
  const selected = useMemo(() => selectedUsers(users, selection), [users, selection]);
  const clearSelection = useCallback(() => setSelection(NOTHING_SELECTED), []);
  const changeSelection = useCallback(
    (model: GridRowSelectionModel) => setSelection((current) => (sameSelection(current, model) ? current : model)),
    [],
  );

  // Each change replaces the entry rather than adding one to the history (a keystroke is no step back).
  // The functional form reads the latest address, so callbacks stay stable for the memoised grid.
  const change = useCallback(
    (next: (current: UsersGridState) => Partial<UsersGridState>, firstPage: boolean) =>
      setParams(
        (current) => {
          const before = usersStateOf(current);
          const after = { ...before, ...next(before) };
          // A narrower or reordered result starts again at its first page.
          if (firstPage) after.pagination = { ...after.pagination, page: 0 };
          return usersSearchOf(after);
        },
        { replace: true },
      ),
    [setParams],
  );
  const changePagination = useCallback(
    (model: GridPaginationModel) => change(() => ({ pagination: model }), false),
    [change],
  );
  const changeSort = useCallback((model: GridSortModel) => change(() => ({ sort: model }), true), [change]);
  const changeFilter = useCallback((model: GridFilterModel) => change(() => ({ filter: model }), true), [change]);
  const changeSearch = useCallback((next: UserSearch) => change(() => ({ search: next }), true), [change]);
  const choosePreset = useCallback((preset: FilterPreset) => changeFilter(filterModelOf(preset)), [changeFilter]);

  const gridProps: UsersGridProps = {
    users,
    total: data?.total ?? 0,
    loading: isFetching,
    pagination,
    onPaginationChange: changePagination,
    sort,
    onSortChange: changeSort,
    filter,
    onFilterChange: changeFilter,
  };
  const gridSelection = { selection, onSelectionChange: changeSelection };

  return (
    <Page
      title={t('users.title')}
      maxWidth="lg"
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" component="a" href={exportUrl(baseURL, '/admin/export-users.csv', query)} download>
            {t('export.csv')}
          </Button>
          <Button variant="contained" component={RouterLink} to="/admin/users/new">
            {t('users.create')}
          </Button>
        </Stack>
      }
    >
      <AdminNav />
      <UsersSearchBar
        search={search}
        onSearchChange={changeSearch}
        filter={presetOf(filter)}
        onFilterChange={choosePreset}
      />
      <ServerError error={clientErrorOf(error)} />
      <UsersBulkActions selected={selected} onDone={clearSelection} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="users-total">
        {data ? t('users.total', { total: data.total }) : '\u00a0'}
      </Typography>
      {/* At phone width the grid showed two columns and hid the rest sideways: its rows become cards. */}
      <Paper variant="outlined" sx={{ width: '100%' }}>
        {phone ? <UsersCards {...gridProps} /> : <UsersGrid {...gridProps} {...gridSelection} />}
      </Paper>
    </Page>
  );
}
