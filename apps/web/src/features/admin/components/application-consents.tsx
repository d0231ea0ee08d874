/**
 * @module Who consented to the application: user, scopes, when given and last changed, each
 * revocable (the user's tokens for the application die with the consent, and the application must
 * ask again). Rows become cards at phone width.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
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
import { useOAuthClientConsents, useRevokeOAuthClientConsent } from '../api/oauth-client-consents';
import { cardsOnPhones } from '../../../components/cards-on-phones';
import { formatDateTime } from '../../../lib/format-date';

export function ApplicationConsents({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('admin');
  const consents = useOAuthClientConsents(clientId);
  const revoke = useRevokeOAuthClientConsent();
  const toast = useToast();
  const date = (value: Date | string) => formatDateTime(value, i18n.language);
  if (consents.isPending) return <CircularProgress aria-label={t('common:loading')} size={24} />;
  const list = consents.data ?? [];
  return (
    <>
      <ServerError error={clientErrorOf(consents.error) ?? clientErrorOf(revoke.error)} />
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('applications.consents.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('applications.consents.title')} sx={cardsOnPhones}>
            <TableHead>
              <TableRow>
                <TableCell>{t('applications.consents.user')}</TableCell>
                <TableCell>{t('applications.fields.scopes')}</TableCell>
                <TableCell>{t('applications.consents.given')}</TableCell>
                <TableCell>{t('applications.consents.updated')}</TableCell>
                <TableCell align="right">{t('sessions.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((consent) => {
                const who = consent.user?.email ?? consent.userId;
                const pending = revoke.isPending && revoke.variables?.id === consent.id;
                return (
                  <TableRow key={consent.id}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{who}</TableCell>
                    <TableCell data-label={t('applications.fields.scopes')}>{consent.scopes.join(' ')}</TableCell>
                    <TableCell data-label={t('applications.consents.given')}>{date(consent.createdAt)}</TableCell>
                    <TableCell data-label={t('applications.consents.updated')}>{date(consent.updatedAt)}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="error"
                        disabled={pending}
                        aria-busy={pending}
                        aria-label={t('applications.consents.revokeFor', { user: who })}
                        onClick={() =>
                          revoke.mutate(
                            { client_id: clientId, id: consent.id },
                            { onSuccess: () => toast({ message: t('applications.consents.revoked', { user: who }) }) },
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
    </>
  );
}
