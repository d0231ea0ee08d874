/**
 * @module /admin/applications: every application (OAuth client) whoever registered it, newest
 * first, searched by name or client_id and paged by the server: logo and name, type, client_id,
 * owner and creation date. A row's name links to the application's page.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { ApplicationLogo } from '../../../components/application-logo';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListOAuthClients } from '../api/list-oauth-clients';
import { AdminNav } from './admin-nav';
import { applicationPath } from './application-path';
import { isConfidentialType, logoOf, typeOfClient } from '../../../components/oauth-application/application-types';
import { cardsOnPhones } from '../../../components/cards-on-phones';
import { formatDate } from '../../../lib/format-date';

const SEARCH_DELAY_MS = 300;
const PAGE_SIZES = [10, 25, 50];

export function ApplicationsPage() {
  const { t, i18n } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const searched = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const { data, error } = useListOAuthClients({
    ...(searched ? { search: searched } : {}),
    limit: pageSize,
    offset: page * pageSize,
  });
  const date = (value: Date | string) => formatDate(value, i18n.language);
  const clients = data?.clients ?? [];

  return (
    <Page
      title={t('applications.title')}
      maxWidth="lg"
      actions={
        <Button variant="contained" component={RouterLink} to="/admin/applications/new">
          {t('applications.create.button')}
        </Button>
      }
    >
      <AdminNav />
      <TextField
        type="search"
        label={t('applications.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, maxWidth: 420 }}
      />
      <ServerError error={clientErrorOf(error)} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {data ? t('applications.total', { total: data.total }) : '\u00a0'}
      </Typography>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('applications.title')} sx={cardsOnPhones}>
            <TableHead>
              <TableRow>
                <TableCell>{t('applications.fields.name')}</TableCell>
                <TableCell>{t('applications.fields.type')}</TableCell>
                <TableCell>{t('applications.fields.clientId')}</TableCell>
                <TableCell>{t('applications.fields.owner')}</TableCell>
                <TableCell>{t('applications.fields.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.map((client) => {
                const type = typeOfClient(client);
                const name = typeof client.client_name === 'string' ? client.client_name : client.client_id;
                return (
                  <TableRow key={client.client_id}>
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        <ApplicationLogo name={name} logo={logoOf(client.logo_uri)} size={32} />
                        <Link component={RouterLink} to={applicationPath(client.client_id)}>
                          {name}
                        </Link>
                        {client.disabled === true && (
                          <Chip size="small" color="warning" label={t('applications.disabled')} />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell data-label={t('applications.fields.type')}>
                      {t(`applications.types.${type}`)}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {isConfidentialType(type) ? t('applications.confidential') : t('applications.public')}
                      </Typography>
                    </TableCell>
                    <TableCell data-label={t('applications.fields.clientId')} sx={{ wordBreak: 'break-all' }}>
                      <code>{client.client_id}</code>
                    </TableCell>
                    <TableCell data-label={t('applications.fields.owner')}>
                      {client.owner ? client.owner.email : '—'}
                    </TableCell>
                    <TableCell data-label={t('applications.fields.created')}>
                      {date(new Date(client.client_id_issued_at * 1000).toISOString())}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {data && data.total === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {searched ? t('applications.noMatch') : t('applications.none', { button: t('applications.create.button') })}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('applications.rowsPerPage')}
        />
      </Paper>
    </Page>
  );
}
