/**
 * @module /admin/users: every user, paged, sorted and filtered by the server (list-users), with
 * the search bar above the grid and the total. The grid's models and the search are this page's
 * state; together they are the query. A row opens the user's page.
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListUsers, type AdminUser } from '../api/list-users';
import { AdminNav } from './admin-nav';
import { filterModelOf, presetOf, type FilterPreset } from './users-filter-presets';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PAGE_SIZES, UsersGrid } from './users-grid';
import { toListUsersQuery, type UserSearch } from './users-grid-query';
import { UsersSearchBar } from './users-search-bar';

const SEARCH_DELAY_MS = 300;
const NO_USERS: AdminUser[] = [];

export function UsersPage() {
  const { t } = useTranslation('admin');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0]! });
  const [sort, setSort] = useState<GridSortModel>([]);
  const [filter, setFilter] = useState<GridFilterModel>({ items: [] });
  const [search, setSearch] = useState<UserSearch>({ value: '', field: 'email', operator: 'contains' });
  const searchValue = useDebouncedValue(search.value, SEARCH_DELAY_MS);

  const query = toListUsersQuery({ pagination, sort, filter, search: { ...search, value: searchValue } });
  const { data, error, isFetching } = useListUsers(query);

  // A narrower or reordered result starts again at its first page.
  const firstPage = useCallback(
    () => setPagination((current) => (current.page === 0 ? current : { ...current, page: 0 })),
    [],
  );
  // Stable callbacks, so that the memoised grid does not re-render at every keystroke.
  const changeSort = useCallback(
    (model: GridSortModel) => {
      setSort(model);
      firstPage();
    },
    [firstPage],
  );
  const changeFilter = useCallback(
    (model: GridFilterModel) => {
      setFilter(model);
      firstPage();
    },
    [firstPage],
  );
  const changeSearch = useCallback(
    (next: UserSearch) => {
      setSearch(next);
      firstPage();
    },
    [firstPage],
  );
  const choosePreset = useCallback((preset: FilterPreset) => changeFilter(filterModelOf(preset)), [changeFilter]);

  return (
    <Page
      title={t('users.title')}
      maxWidth="lg"
      actions={
        <Button variant="contained" component={RouterLink} to="/admin/users/new">
          {t('users.create')}
        </Button>
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
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="users-total">
        {data ? t('users.total', { total: data.total }) : '\u00a0'}
      </Typography>
      {/* At phone width the grid scrolls its columns sideways itself; the pager stays in view. */}
      <Paper variant="outlined" sx={{ width: '100%' }}>
        <UsersGrid
          users={data?.users ?? NO_USERS}
          total={data?.total ?? 0}
          loading={isFetching}
          pagination={pagination}
          onPaginationChange={setPagination}
          sort={sort}
          onSortChange={changeSort}
          filter={filter}
          onFilterChange={changeFilter}
        />
      </Paper>
    </Page>
  );
}
