/**
 * @module The users DataGrid in server mode: the rows are one page the server chose, `rowCount`
 * is the server's total, and paging, sorting and filtering only report the new model upwards
 * (users-page.tsx turns it into the next query); checked rows are the bulk actions' selection.
 * Memoised: typing in the search box re-renders the page, not the grid. The grid's own texts
 * follow the language (grid-locale.ts).
 */
import {
  DataGrid,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import type { AdminUser } from '../api/list-users';
import { PAGE_SIZES } from './grid-address';
import { gridLocaleText } from './grid-locale';
import { userPath, usersColumns } from './users-columns';

export interface UsersGridProps {
  users: AdminUser[];
  total: number;
  loading: boolean;
  pagination: GridPaginationModel;
  onPaginationChange(model: GridPaginationModel): void;
  sort: GridSortModel;
  onSortChange(model: GridSortModel): void;
  filter: GridFilterModel;
  onFilterChange(model: GridFilterModel): void;
  /** The checked rows, for the bulk actions; absent where rows cannot be checked (the cards). */
  selection?: GridRowSelectionModel;
  onSelectionChange?(model: GridRowSelectionModel): void;
}

export const UsersGrid = memo(function UsersGrid(props: UsersGridProps) {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  const columns = useMemo(() => usersColumns(t, i18n.language), [t, i18n.language]);
  return (
    <DataGrid
      // There is always at least the admin: an empty page is a search or filter that matches no one.
      localeText={{
        ...gridLocaleText(i18n.language),
        noRowsLabel: t('users.noMatch'),
        noResultsOverlayLabel: t('users.noMatch'),
      }}
      aria-label={t('users.gridLabel')}
      rows={props.users}
      rowCount={props.total}
      columns={columns}
      loading={props.loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={props.pagination}
      onPaginationModelChange={props.onPaginationChange}
      pageSizeOptions={PAGE_SIZES}
      sortModel={props.sort}
      onSortModelChange={props.onSortChange}
      filterModel={props.filter}
      onFilterModelChange={props.onFilterChange}
      onRowClick={({ id }, event) => {
        // Checking a row's box selects it for the bulk actions; it does not open the user.
        if (event.target instanceof Element && event.target.closest('[data-field="__check__"]')) return;
        void navigate(userPath(String(id)));
      }}
      checkboxSelection={props.selection !== undefined}
      rowSelectionModel={props.selection}
      onRowSelectionModelChange={props.onSelectionChange}
      disableRowSelectionOnClick
      disableColumnSelector
      sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
    />
  );
});
