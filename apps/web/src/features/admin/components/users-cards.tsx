/**
 * @module The users list at phone width: the same page of users as the grid, as a table whose
 * rows become cards (cards-on-phones), every field labelled and the address wrapping where a reader
 * expects; the grid there showed two columns and hid the rest sideways. Paged like the grid; the
 * sort and filter chosen on a wider screen (kept in the address) still apply.
 */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { cardsOnPhones } from '../../../components/cards-on-phones';
import { EmailText } from '../../../components/email-text';
import { formatDateTime } from '../../../lib/format-date';
import { PAGE_SIZES } from './grid-address';
import { RoleChips } from './role-chips';
import { userPath } from './users-columns';
import type { UsersGridProps } from './users-grid';

export function UsersCards({ users, total, pagination, onPaginationChange }: UsersGridProps) {
  const { t, i18n } = useTranslation('admin');
  return (
    <>
      <Table size="small" aria-label={t('users.gridLabel')} sx={[cardsOnPhones, { '& tr': { px: 2 } }]}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.name')}</TableCell>
            <TableCell>{t('fields.role')}</TableCell>
            <TableCell>{t('fields.createdAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>
                <Typography variant="body2" color="text.secondary">
                  {t('users.noMatch')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {user.name}
                </Typography>
                <Link component={RouterLink} to={userPath(user.id)}>
                  <EmailText email={user.email} />
                </Link>
              </TableCell>
              <TableCell data-label={t('fields.role')}>
                <RoleChips role={user.role} />
              </TableCell>
              {user.banned && (
                <TableCell data-label={t('fields.banned')}>
                  <Chip size="small" color="error" label={t('users.bannedChip')} />
                </TableCell>
              )}
              <TableCell data-label={t('fields.createdAt')}>{formatDateTime(user.createdAt, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={pagination.page}
        onPageChange={(_event, page) => onPaginationChange({ ...pagination, page })}
        rowsPerPage={pagination.pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => onPaginationChange({ page: 0, pageSize: Number(event.target.value) })}
        labelRowsPerPage={t('applications.rowsPerPage')}
      />
    </>
  );
}
