/**
 * @module The users grid's columns. Name and e-mail are searched with the search box (the server
 * searches them with contains / starts with / ends with), so their column filters are off; role,
 * verified, two-factor, banned, created and last sign-in offer only the grid operators the server
 * can apply (users-grid-query.ts); the last sign-in also "is empty" (never signed in).
 */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import {
  getGridBooleanOperators,
  getGridDateOperators,
  getGridSingleSelectOperators,
  type GridColDef,
} from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from '../../../lib/router';
import type { AdminUser } from '../api/list-users';
import { banReasonText } from './ban-reason';
import { KNOWN_ROLES } from './known-roles';
import { RoleChips } from './role-chips';
import { FILTER_OPERATORS, VALUELESS_OPERATORS } from './users-grid-query';
import { formatDateTime } from '../../../lib/format-date';

const serverCanApply = (operator: { value: string }) => operator.value in FILTER_OPERATORS;
/** An instant is never "equal" in practice: only before and after are offered for dates. */
const rangeOnly = (operator: { value: string }) =>
  serverCanApply(operator) &&
  operator.value !== 'is' &&
  operator.value !== 'not' &&
  !VALUELESS_OPERATORS.has(operator.value);
/** A user who never signed in has no last sign-in: "is empty" finds them, "is not empty" the others. */
const rangeOrEmpty = (operator: { value: string }) => rangeOnly(operator) || VALUELESS_OPERATORS.has(operator.value);
const dateCell = (language: string) => ({
  valueGetter: (value: Date | string | null) => (value ? new Date(value) : null),
  valueFormatter: (value: Date | null) => (value ? formatDateTime(value, language) : ''),
});

export function userPath(id: string): string {
  return `/admin/users/${encodeURIComponent(id)}`;
}

export function usersColumns(t: TFunction<'admin'>, language: string): GridColDef<AdminUser>[] {
  return [
    { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 120, filterable: false },
    {
      field: 'email',
      headerName: t('fields.email'),
      flex: 1.4,
      minWidth: 180,
      filterable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={userPath(row.id)} onClick={(event) => event.stopPropagation()}>
          {row.email}
        </Link>
      ),
    },
    {
      field: 'role',
      headerName: t('fields.role'),
      type: 'singleSelect',
      valueOptions: KNOWN_ROLES.map((value) => ({ value, label: t(`roles.${value}`) })),
      width: 105,
      filterOperators: getGridSingleSelectOperators().filter(serverCanApply),
      renderCell: ({ row }) => <RoleChips role={row.role} />,
    },
    {
      field: 'emailVerified',
      headerName: t('fields.emailVerified'),
      type: 'boolean',
      width: 115,
      valueGetter: (_value, row) => Boolean(row.emailVerified),
      filterOperators: getGridBooleanOperators().filter(serverCanApply),
    },
    {
      field: 'twoFactorEnabled',
      headerName: t('twoFactor.title'),
      description: t('twoFactor.title'),
      type: 'boolean',
      width: 115,
      valueGetter: (_value, row) => Boolean((row as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
      filterOperators: getGridBooleanOperators().filter(serverCanApply),
    },
    {
      field: 'banned',
      headerName: t('fields.banned'),
      type: 'boolean',
      width: 95,
      valueGetter: (_value, row) => Boolean(row.banned),
      filterOperators: getGridBooleanOperators().filter(serverCanApply),
      renderCell: ({ row }) =>
        row.banned ? (
          <Tooltip title={banReasonText(t, row.banReason)}>
            <Chip size="small" color="error" label={t('users.bannedChip')} />
          </Tooltip>
        ) : (
          <span aria-label={t('users.notBanned')}>—</span>
        ),
    },
    {
      field: 'createdAt',
      headerName: t('fields.createdAt'),
      type: 'dateTime',
      width: 180,
      filterOperators: getGridDateOperators(true).filter(rangeOnly),
      ...dateCell(language),
    },
    {
      field: 'lastSignInAt',
      headerName: t('fields.lastSignIn'),
      type: 'dateTime',
      width: 180,
      filterOperators: getGridDateOperators(true).filter(rangeOrEmpty),
      ...dateCell(language),
      renderCell: ({ value, formattedValue }) =>
        value ? formattedValue : <span aria-label={t('detail.noSignIn')}>—</span>,
    },
  ];
}
