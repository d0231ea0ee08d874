/**
 * @module The user's latest events on their page (the audit log filtered by the user, newest
 * first): when, what, how it ended, from where. A short table, cards at phone width; the whole
 * history is one link away, on the audit log screen filtered by this user.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { ServerError } from '../../../components/server-error';
import { auditEventLabel } from '../../../lib/audit-event';
import { AuditDetailList } from '../../../components/audit-detail-list';
import { deviceName } from '../../../lib/device-name';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListAuditEvents } from '../api/list-audit-events';
import { formatAuditTime } from './audit-columns';
import { auditPath } from './audit-query';
import { cardsOnPhones } from '../../../components/cards-on-phones';

/** The latest few: enough to see the last sign-ins and changes; the screen has the rest. */
export const USER_EVENTS_SHOWN = 10;

export function UserAuditEvents({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin');
  const events = useListAuditEvents({ userId, limit: USER_EVENTS_SHOWN, offset: 0 });
  const device = (userAgent: string | null) =>
    userAgent
      ? deviceName(userAgent, {
          on: (browser, os) => t('sessions.deviceOn', { browser, os }),
          unknown: t('sessions.unknownDevice'),
        })
      : '—';

  if (events.isPending) return <CircularProgress aria-label={t('common:loading')} size={24} />;
  if (events.error) return <ServerError error={clientErrorOf(events.error)} />;
  return (
    <>
      {events.data.events.length === 0 ? (
        <Typography color="text.secondary">{t('audit.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('audit.userEvents')} sx={cardsOnPhones}>
            <TableHead>
              <TableRow>
                <TableCell>{t('audit.time')}</TableCell>
                <TableCell>{t('audit.event')}</TableCell>
                <TableCell>{t('audit.outcome')}</TableCell>
                <TableCell>{t('sessions.ip')}</TableCell>
                <TableCell>{t('sessions.device')}</TableCell>
                <TableCell>{t('audit.detail')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {events.data.events.map((event) => (
                <TableRow key={event.id} data-testid="user-audit-event">
                  <TableCell>{formatAuditTime(event.createdAt, i18n.language)}</TableCell>
                  <TableCell data-label={t('audit.event')}>{auditEventLabel(t, event.type)}</TableCell>
                  <TableCell data-label={t('audit.outcome')}>
                    {event.outcome === 'failure' ? (
                      <Chip size="small" color="error" label={t('common:audit.outcomes.failure')} />
                    ) : (
                      t('common:audit.outcomes.success')
                    )}
                  </TableCell>
                  <TableCell data-label={t('sessions.ip')}>{event.ipAddress || '—'}</TableCell>
                  <TableCell data-label={t('sessions.device')}>
                    <span title={event.userAgent ?? undefined}>{device(event.userAgent)}</span>
                  </TableCell>
                  <TableCell data-label={t('audit.detail')} sx={{ maxWidth: 260, wordBreak: 'break-word' }}>
                    <AuditDetailList event={event} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Button component={RouterLink} to={auditPath({ userId })} sx={{ mt: 2 }}>
        {t('audit.showAll')}
      </Button>
    </>
  );
}
