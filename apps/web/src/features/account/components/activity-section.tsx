/**
 * @module Recent activity (/account/activity): the account's own latest security events, newest
 * first — sign-ins (failed ones marked), password and e-mail changes, revoked sessions — each with
 * its time, IP address and device, so a person can spot what was not them. The device reads as in
 * the sessions list ("Firefox 128 on Windows"; the raw header in its tooltip). A page at a time,
 * with "Show more" while older events exist; the server leaves out the mails sent to the user.
 * How it was done and the event's detail follow as labelled fields (audit-detail-list.tsx).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuditDetailList } from '../../../components/audit-detail-list';
import { ServerError } from '../../../components/server-error';
import { auditEventLabel } from '../../../lib/audit-event';
import { formatDateTime } from '../../../lib/format-date';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListMyEvents } from '../api/list-my-events';
import { AccountSection } from './account-section';
import { deviceName } from './device-name';
import { SectionLoading } from './section-loading';

export function ActivitySection() {
  const { t, i18n } = useTranslation('account');
  const events = useListMyEvents();
  const date = (value: Date | string) => formatDateTime(value, i18n.language);

  return (
    <AccountSection title={t('activity.title')} description={t('activity.description')}>
      {events.isPending && <SectionLoading />}
      <ServerError error={clientErrorOf(events.error)} />
      {events.data && events.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('activity.none')}
        </Typography>
      )}
      {events.data && events.data.length > 0 && (
        <Box component="ul" aria-label={t('activity.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {events.data.map((event) => {
            // The device's raw header in its tooltip, as the sessions list has it.
            const details: { term: string; value: string; title?: string }[] = [
              { term: t('activity.time'), value: date(event.createdAt) },
              { term: t('sessions.ip'), value: event.ipAddress ?? t('sessions.unknownIp') },
              {
                term: t('sessions.device'),
                value: deviceName(t, event.userAgent),
                title: event.userAgent ?? undefined,
              },
            ];
            return (
              <Box
                component="li"
                key={event.id}
                data-testid="activity-row"
                data-type={event.type}
                sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography component="h3" variant="subtitle1">
                    {auditEventLabel(t, event.type)}
                  </Typography>
                  {event.outcome === 'failure' && (
                    <Chip size="small" color="error" label={t('common:audit.outcomes.failure')} />
                  )}
                </Box>
                <Box
                  component="dl"
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    columnGap: 2,
                    rowGap: 0.25,
                    m: 0,
                    typography: 'body2',
                    color: 'text.secondary',
                  }}
                >
                  {details.map(({ term, value, title }) => (
                    <Box key={term} sx={{ display: 'flex', gap: 0.5 }}>
                      <Box component="dt">{term}:</Box>
                      <Box component="dd" sx={{ m: 0, color: 'text.primary' }} title={title}>
                        {value}
                      </Box>
                    </Box>
                  ))}
                </Box>
                {(event.method || event.detail) && (
                  <Box sx={{ typography: 'body2', mt: 0.25 }}>
                    <AuditDetailList event={event} />
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      {events.hasNextPage && (
        <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage} sx={{ mt: 1 }}>
          {t('activity.more')}
        </Button>
      )}
    </AccountSection>
  );
}
