/**
 * @module The audit grid's columns: when (in the admin's language and time zone), what (the
 * event's translated name), how it ended, who did it and to whom (each by e-mail, a link to that
 * user's page), from where (IP, and the device read from the User-Agent, the raw header in its
 * tooltip), and the method and detail as translated, labelled fields (audit-detail-list.tsx). The
 * server orders the log newest first and filters it from the bar above the grid, so no column
 * sorts or filters on its own.
 */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from '../../../lib/router';
import { AuditDetailList } from '../../../components/audit-detail-list';
import { auditEventLabel } from '../../../lib/audit-event';
import { deviceName } from '../../../lib/device-name';
import type { AdminAuditEvent } from '../api/admin-types';
import { userPath } from './users-columns';
import { formatDateTimeSeconds } from '../../../lib/format-date';

const ellipsis = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
/**
 * Event names, devices and details wrap onto more lines (the grid sizes rows to them, audit-grid.tsx)
 * instead of being cut: German names are long, and with one line each the columns together were
 * wider than the page at 1280, so the details scrolled sideways.
 */
const wrapping = { display: 'block', whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4 } as const;

/** The user's e-mail, or the id alone once the user is deleted; the id in the tooltip either way. */
function UserLink({ id, email }: { id: string | null; email: string | null }) {
  if (!id) return <span>—</span>;
  return (
    <Link component={RouterLink} to={userPath(id)} sx={ellipsis} title={id}>
      {email ?? id}
    </Link>
  );
}

export function formatAuditTime(value: Date | string, language: string): string {
  return formatDateTimeSeconds(value, language);
}

export function auditColumns(t: TFunction<'admin'>, language: string): GridColDef<AdminAuditEvent>[] {
  const fixed = { sortable: false, filterable: false } as const;
  return [
    {
      ...fixed,
      field: 'createdAt',
      headerName: t('audit.time'),
      width: 140,
      renderCell: ({ formattedValue }) => <span style={wrapping}>{String(formattedValue)}</span>,
      valueFormatter: (value: Date | string) => formatAuditTime(value, language),
    },
    {
      ...fixed,
      field: 'type',
      headerName: t('audit.event'),
      width: 160,
      valueGetter: (_value, row) => auditEventLabel(t, row.type),
      renderCell: ({ value }) => <span style={wrapping}>{String(value)}</span>,
    },
    {
      ...fixed,
      field: 'outcome',
      headerName: t('audit.outcome'),
      // Room for the longest translation ("Fehlgeschlagen", "Niepowodzenie") in a small chip.
      width: 150,
      renderCell: ({ row }) =>
        row.outcome === 'failure' ? (
          <Chip size="small" color="error" label={t('common:audit.outcomes.failure')} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={t('common:audit.outcomes.success')} />
        ),
    },
    {
      ...fixed,
      field: 'actorUserId',
      headerName: t('audit.actor'),
      width: 140,
      renderCell: ({ row }) => <UserLink id={row.actorUserId} email={row.actorEmail} />,
    },
    {
      ...fixed,
      field: 'userId',
      headerName: t('audit.user'),
      width: 140,
      renderCell: ({ row }) => <UserLink id={row.userId} email={row.userEmail} />,
    },
    {
      ...fixed,
      field: 'ipAddress',
      headerName: t('sessions.ip'),
      width: 115,
      valueFormatter: (value: string | null) => value || '—',
    },
    {
      ...fixed,
      field: 'userAgent',
      headerName: t('sessions.device'),
      width: 140,
      renderCell: ({ row }) => (
        <span title={row.userAgent ?? undefined} style={wrapping}>
          {row.userAgent
            ? deviceName(row.userAgent, {
                on: (browser, os) => t('sessions.deviceOn', { browser, os }),
                unknown: t('sessions.unknownDevice'),
              })
            : '—'}
        </span>
      ),
    },
    {
      ...fixed,
      field: 'detail',
      headerName: t('audit.detail'),
      // Fixed, not flex: the grid sizes a flex column before its vertical scrollbar shows, and the
      // columns then overflowed the lg page's 1150 px by the scrollbar's width. The sum stays under it.
      width: 160,
      renderCell: ({ row }) => (
        <div style={wrapping}>
          <AuditDetailList event={row} />
        </div>
      ),
    },
  ];
}
