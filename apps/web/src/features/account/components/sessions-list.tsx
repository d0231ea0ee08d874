/**
 * @module The sessions as a list: each device with its IP address, when it signed in, when it was
 * last active and when the session expires. This device comes first and is marked. Each entry
 * wraps at phone width instead of scrolling, so "revoke" is always in view.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListedSession } from '../api/list-sessions';
import { deviceName } from './device-name';

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
  const date = (value: Date | string) =>
    new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box component="ul" aria-label={t('sessions.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {[...sessions].sort(byRecency(currentId)).map((session) => {
        const current = session.id === currentId;
        const device = deviceName(t, session.userAgent);
        const details: [string, string][] = [
          [t('sessions.ip'), session.ipAddress ?? t('sessions.unknownIp')],
          [t('sessions.created'), date(session.createdAt)],
          [t('sessions.lastActive'), date(session.updatedAt)],
          [t('sessions.expires'), date(session.expiresAt)],
        ];
        return (
          <Box
            component="li"
            key={session.id}
            data-testid="session-row"
            data-current={current || undefined}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography component="h3" variant="subtitle1" title={session.userAgent ?? undefined}>
                  {device}
                </Typography>
                {current && <Chip size="small" color="primary" label={t('sessions.thisDevice')} />}
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
                {details.map(([term, value]) => (
                  <Box key={term} sx={{ display: 'flex', gap: 0.5 }}>
                    <Box component="dt">{term}:</Box>
                    <Box component="dd" sx={{ m: 0, color: 'text.primary' }}>
                      {value}
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
            {!current && (
              <Button
                size="small"
                color="error"
                variant="outlined"
                onClick={() => onRevoke(session)}
                aria-label={t('sessions.revokeDevice', { device })}
              >
                {t('sessions.revoke')}
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
