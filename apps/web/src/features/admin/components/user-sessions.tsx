/**
 * @module The user's live sessions (device, IP and, with a GeoIP database on the server, where it
 * is; created, expires; impersonations marked), each
 * revocable, and "revoke all" to sign the user out everywhere. The device reads as on the account
 * page ("Chrome 126 on Linux"; the raw header in its tooltip). At phone width each row becomes a
 * card of labelled lines, so Revoke is in view without scrolling sideways. A revocation is told in
 * a toast; the one-session message is the account page's, reused rather than worded twice.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { deviceName } from '../../../lib/device-name';
import { clientErrorOf } from '../../../lib/unwrap';
import { useUserSessions } from '../api/list-user-sessions';
import { useRevokeUserSession } from '../api/revoke-user-session';
import { useRevokeUserSessions } from '../api/revoke-user-sessions';
import { cardsOnPhones } from '../../../components/cards-on-phones';
import { formatDateTime } from '../../../lib/format-date';
import { placeName } from '../../../lib/place-name';

const progress = (pending: boolean) =>
  pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined;

export function UserSessions({ userId }: { userId: string }) {
  // The account page's words for a revoked session are reused: its namespace is asked for too.
  const { t, i18n } = useTranslation(['admin', 'account']);
  const sessions = useUserSessions(userId);
  const revokeOne = useRevokeUserSession();
  const revokeAll = useRevokeUserSessions();
  const toast = useToast();
  const date = (value: Date | string) => formatDateTime(value, i18n.language);
  const device = (userAgent: string | null | undefined) =>
    deviceName(userAgent, {
      on: (browser, os) => t('sessions.deviceOn', { browser, os }),
      unknown: t('sessions.unknownDevice'),
    });
  const list = sessions.data ?? [];

  if (sessions.isPending) return <CircularProgress aria-label={t('common:loading')} size={24} />;
  return (
    <>
      <ServerError
        error={clientErrorOf(sessions.error) ?? clientErrorOf(revokeOne.error) ?? clientErrorOf(revokeAll.error)}
      />
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('sessions.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('sessions.title')} sx={cardsOnPhones}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sessions.device')}</TableCell>
                <TableCell>{t('sessions.ip')}</TableCell>
                <TableCell>{t('sessions.created')}</TableCell>
                <TableCell>{t('sessions.expires')}</TableCell>
                <TableCell align="right">{t('sessions.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((session) => {
                const pending = revokeOne.isPending && revokeOne.variables?.sessionToken === session.token;
                return (
                  <TableRow key={session.id}>
                    <TableCell sx={{ maxWidth: 280, wordBreak: 'break-word' }}>
                      <span title={session.userAgent ?? undefined}>{device(session.userAgent)}</span>
                      {session.impersonatedBy && (
                        <Chip size="small" color="warning" label={t('sessions.impersonation')} sx={{ ml: 1 }} />
                      )}
                    </TableCell>
                    <TableCell data-label={t('sessions.ip')}>
                      {session.ipAddress || '—'}
                      {placeName(session.location) && (
                        <Typography variant="body2" color="text.secondary">
                          {placeName(session.location)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell data-label={t('sessions.created')}>{date(session.createdAt)}</TableCell>
                    <TableCell data-label={t('sessions.expires')}>{date(session.expiresAt)}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="error"
                        disabled={pending}
                        aria-busy={pending}
                        startIcon={progress(pending)}
                        onClick={() =>
                          revokeOne.mutate(
                            { sessionToken: session.token },
                            {
                              onSuccess: () =>
                                toast({
                                  message: t('account:sessions.revoked', { device: device(session.userAgent) }),
                                }),
                            },
                          )
                        }
                      >
                        {t('sessions.revoke')}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          color="error"
          disabled={revokeAll.isPending || list.length === 0}
          aria-busy={revokeAll.isPending}
          startIcon={progress(revokeAll.isPending)}
          onClick={() =>
            revokeAll.mutate({ userId }, { onSuccess: () => toast({ message: t('sessions.allRevoked') }) })
          }
        >
          {t('sessions.revokeAll')}
        </Button>
      </Stack>
    </>
  );
}
