/**
 * @module The audit DataGrid in server mode: the rows are the page the server chose, `rowCount`
 * its total, and paging only reports the new model upwards (audit-page.tsx turns it into the next
 * query). Memoised, so that typing in the filters re-renders the page, not the grid.
 */
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAuditEvent } from '../api/admin-types';
import { auditColumns } from './audit-columns';
import { gridLocaleText } from './grid-locale';
import { PAGE_SIZES } from './grid-address';

export interface AuditGridProps {
  events: AdminAuditEvent[];
  total: number;
  loading: boolean;
  pagination: GridPaginationModel;
  onPaginationChange(model: GridPaginationModel): void;
  /** What an empty page says: no events yet, or none that match the filters. */
  emptyLabel: string;
}

export const AuditGrid = memo(function AuditGrid(props: AuditGridProps) {
  const { t, i18n } = useTranslation('admin');
  const columns = useMemo(() => auditColumns(t, i18n.language), [t, i18n.language]);
  return (
    <DataGrid
      localeText={{ ...gridLocaleText(i18n.language), noRowsLabel: props.emptyLabel }}
      aria-label={t('audit.gridLabel')}
      rows={props.events}
      rowCount={props.total}
      columns={columns}
      loading={props.loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={props.pagination}
      onPaginationModelChange={props.onPaginationChange}
      pageSizeOptions={PAGE_SIZES}
      disableRowSelectionOnClick
      disableColumnSelector
      disableColumnFilter
      disableColumnSorting
      // Rows grow to their wrapped cells (audit-columns.tsx), with room above and below the text.
      getRowHeight={() => 'auto'}
      sx={{ border: 0, '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' } }}
    />
  );
});
