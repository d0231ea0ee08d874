/**
 * @module The application's live tokens, one row per grant (an authorization's access and refresh
 * tokens): user (none for a machine's own), scopes, first issued, last issued (a refresh), expiry.
 * Each revocable, and "revoke all" for an incident; revoked tokens stop working at once. Last use
 * is not shown: the server does not record it (tokens are checked without a write).
 */
import Button from '@mui/material/Button';
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
import { clientErrorOf } from '../../../lib/unwrap';
import { useOAuthClientTokens, useRevokeOAuthClientTokens } from '../api/oauth-client-tokens';
import { cardsOnPhones } from '../../../components/cards-on-phones';
import { formatDateTime } from '../../../lib/format-date';

export function ApplicationTokens({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('admin');
  const grants = useOAuthClientTokens(clientId);
  const revoke = useRevokeOAuthClientTokens();
  const toast = useToast();
  const date = (value: Date | string) => formatDateTime(value, i18n.language);
  if (grants.isPending) return <CircularProgress aria-label={t('common:loading')} size={24} />;
  const list = grants.data ?? [];
  const revokingAll = revoke.isPending && revoke.variables?.grant_id === undefined;
  return (
    <>
      <ServerError error={clientErrorOf(grants.error) ?? clientErrorOf(revoke.error)} />
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('applications.tokens.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('applications.tokens.title')} sx={cardsOnPhones}>
            <TableHead>
              <TableRow>
                <TableCell>{t('applications.consents.user')}</TableCell>
                <TableCell>{t('applications.fields.scopes')}</TableCell>
                <TableCell>{t('applications.tokens.issued')}</TableCell>
                <TableCell>{t('applications.tokens.lastIssued')}</TableCell>
                <TableCell>{t('applications.tokens.expires')}</TableCell>
                <TableCell align="right">{t('sessions.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((grant) => {
                const who = grant.user?.email ?? grant.userId ?? t('applications.tokens.machine');
                const pending = revoke.isPending && revoke.variables?.grant_id === grant.grantId;
                return (
                  <TableRow key={grant.grantId}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{who}</TableCell>
                    <TableCell data-label={t('applications.fields.scopes')}>
                      {grant.scopes.join(' ')}
                      {grant.hasRefreshToken && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('applications.tokens.withRefresh')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell data-label={t('applications.tokens.issued')}>{date(grant.issuedAt)}</TableCell>
                    <TableCell data-label={t('applications.tokens.lastIssued')}>{date(grant.lastIssuedAt)}</TableCell>
                    <TableCell data-label={t('applications.tokens.expires')}>{date(grant.expiresAt)}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="error"
                        disabled={pending}
                        aria-busy={pending}
                        aria-label={t('applications.tokens.revokeFor', { user: who })}
                        onClick={() =>
                          revoke.mutate(
                            { client_id: clientId, grant_id: grant.grantId },
                            { onSuccess: () => toast({ message: t('applications.tokens.revoked', { user: who }) }) },
                          )
                        }
                      >
                        {t('applications.revoke')}
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
          disabled={revokingAll || list.length === 0}
          aria-busy={revokingAll}
          onClick={() =>
            revoke.mutate(
              { client_id: clientId },
              { onSuccess: () => toast({ message: t('applications.tokens.allRevoked') }) },
            )
          }
        >
          {t('applications.tokens.revokeAll')}
        </Button>
      </Stack>
    </>
  );
}
