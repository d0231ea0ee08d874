/**
 * @module The sessions as a list: each device with its IP address (and where that is, when the
 * server has a GeoIP database), when it signed in, when it was last active and when the session
 * expires. This device comes first and is marked.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ListedSession } from '../api/list-sessions';
import { deviceName } from './device-name';
import { ItemRow } from './item-row';
import { formatDateTime } from '../../../lib/format-date';
import { placeName } from '../../../lib/place-name';

function byRecency(currentId: string | undefined) {
  return (a: ListedSession, b: ListedSession) =>
    Number(b.id === currentId) - Number(a.id === currentId) ||
    new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime();
}

export function SessionsList({
  sessions,
  currentId,
  onRevoke,
}: {
  sessions: readonly ListedSession[];
  currentId: string | undefined;
  onRevoke(session: ListedSession): void;
}) {
  const { t, i18n } = useTranslation('account');
  const date = (value: Date | string) => formatDateTime(value, i18n.language);
  return (
    <Box component="ul" aria-label={t('sessions.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {[...sessions].sort(byRecency(currentId)).map((session) => {
        const current = session.id === currentId;
        const device = deviceName(t, session.userAgent);
        const place = placeName(session.location);
        const details: [string, string][] = [
          [t('sessions.ip'), session.ipAddress ?? t('sessions.unknownIp')],
          ...(place ? [[t('sessions.location'), place] as [string, string]] : []),
          [t('sessions.created'), date(session.createdAt)],
          [t('sessions.lastActive'), date(session.updatedAt)],
          [t('sessions.expires'), date(session.expiresAt)],
        ];
        return (
          <ItemRow
            key={session.id}
            testId="session-row"
            current={current}
            heading={device}
            headingTitle={session.userAgent}
            chip={current && <Chip size="small" color="primary" label={t('sessions.thisDevice')} />}
            details={details}
            actions={
              !current && (
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => onRevoke(session)}
                  aria-label={t('sessions.revokeDevice', { device })}
                >
                  {t('sessions.revoke')}
                </Button>
              )
            }
          />
        );
      })}
    </Box>
  );
}
