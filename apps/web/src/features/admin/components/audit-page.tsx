/**
 * @module /admin/audit: the audit log, newest first, paged and filtered by the server
 * (list-audit-events), with the filters above the grid and the total. The filters live in the
 * address (`?userId=…&type=…&from=…&to=…`), so a user's page links here with their events and a
 * filtered view survives a reload; the page is kept there too (grid-address.ts). "Export CSV"
 * downloads every event the filters select.
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import type { AdminAuditEvent } from '../api/admin-types';
import { useAuth } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { exportUrl } from '../api/export-csv';
import { useListAuditEvents } from '../api/list-audit-events';
import { AdminNav } from './admin-nav';
import { AuditFilters } from './audit-filters';
import { AuditGrid } from './audit-grid';
import { paginationOf, withPagination } from './grid-address';
import { NO_AUDIT_FILTER, auditFilterOf, auditSearchOf, toListAuditEventsQuery, type AuditFilter } from './audit-query';

const NO_EVENTS: AdminAuditEvent[] = [];

const isUnfiltered = (filter: AuditFilter) =>
  (Object.keys(NO_AUDIT_FILTER) as (keyof AuditFilter)[]).every((key) => filter[key] === NO_AUDIT_FILTER[key]);

export function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filter = auditFilterOf(params);
  const pagination = paginationOf(params);
  const query = toListAuditEventsQuery(filter, pagination);
  const { data, error, isFetching } = useListAuditEvents(query);
  const { baseURL } = useAuth();

  const changeFilter = useCallback(
    (next: AuditFilter) => {
      // Each keystroke replaces the entry rather than adding one to the history.
      // A narrower result starts again at its first page (the page size stays).
      setParams((current) => withPagination(auditSearchOf(next), { ...paginationOf(current), page: 0 }), {
        replace: true,
      });
    },
    [setParams],
  );
  const changePagination = useCallback(
    (model: GridPaginationModel) =>
      setParams((current) => withPagination(auditSearchOf(auditFilterOf(current)), model), { replace: true }),
    [setParams],
  );

  return (
    <Page
      title={t('audit.title')}
      maxWidth="lg"
      actions={
        <Button
          variant="outlined"
          component="a"
          href={exportUrl(baseURL, '/admin/export-audit-events.csv', query)}
          download
        >
          {t('export.csv')}
        </Button>
      }
    >
      <AdminNav />
      <AuditFilters filter={filter} onChange={changeFilter} />
      <ServerError error={clientErrorOf(error)} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="audit-total">
        {data ? t('users.total', { total: data.total }) : '\u00a0'}
      </Typography>
      {/* At phone width the grid scrolls its columns sideways itself; the pager stays in view. */}
      <Paper variant="outlined" sx={{ width: '100%' }}>
        <AuditGrid
          events={data?.events ?? NO_EVENTS}
          total={data?.total ?? 0}
          loading={isFetching}
          pagination={pagination}
          onPaginationChange={changePagination}
          emptyLabel={isUnfiltered(filter) ? t('audit.none') : t('audit.noMatch')}
        />
      </Paper>
    </Page>
  );
}
