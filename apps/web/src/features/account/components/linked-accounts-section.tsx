/**
 * @module Linked accounts (/account/linked): every way this account signs in, each with "unlink"
 * after a confirmation. The server keeps the last one (the user could not sign in again) and asks
 * for a fresh session; both refusals are shown in the dialog, the second with "sign in again".
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { CREDENTIAL_PROVIDER, useListAccounts, type LinkedAccount } from '../api/list-accounts';
import { useUnlinkAccount } from '../api/unlink-account';
import { AccountSection } from './account-section';
import { providerName } from './provider-name';
import { ReauthenticatePrompt } from './reauthenticate-prompt';
import { SectionLoading } from './section-loading';

export function LinkedAccountsSection() {
  const { t, i18n } = useTranslation('account');
  const accounts = useListAccounts();
  const unlink = useUnlinkAccount();
  const [target, setTarget] = useState<LinkedAccount | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const unlinkError = clientErrorOf(unlink.error);

  return (
    <AccountSection title={t('linked.title')} description={t('linked.description')}>
      {accounts.isPending && <SectionLoading />}
      <ServerError error={clientErrorOf(accounts.error)} />
      {accounts.data?.length === 0 && <Alert severity="info">{t('linked.none')}</Alert>}
      <List aria-label={t('linked.title')} disablePadding>
        {accounts.data?.map((account) => {
          const name = providerName(t, account.providerId);
          const linkedOn = new Date(account.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
          const details = [
            account.providerId === CREDENTIAL_PROVIDER ? null : t('linked.accountId', { id: account.accountId }),
            t('linked.linkedOn', { date: linkedOn }),
            account.scopes.length > 0 ? t('linked.scopes', { scopes: account.scopes.join(', ') }) : null,
          ].filter(Boolean);
          return (
            <ListItem
              key={account.id}
              divider
              data-testid="linked-account"
              sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
              secondaryAction={
                <Button
                  color="error"
                  size="small"
                  aria-label={t('linked.unlinkProvider', { provider: name })}
                  onClick={() => {
                    unlink.reset();
                    setTarget(account);
                  }}
                >
                  {t('linked.unlink')}
                </Button>
              }
            >
              <ListItemText primary={name} secondary={details.join(' · ')} sx={{ pr: 10, wordBreak: 'break-word' }} />
            </ListItem>
          );
        })}
      </List>
      {notice && (
        <Alert severity="success" role="status" sx={{ mt: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <ConfirmDialog
        open={target !== null}
        title={t('linked.unlinkTitle')}
        text={target ? t('linked.unlinkText', { provider: providerName(t, target.providerId) }) : ''}
        confirmLabel={t('linked.unlink')}
        pending={unlink.isPending}
        error={unlinkError?.code === 'SESSION_IS_NOT_FRESH' ? null : unlinkError}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          unlink.mutate(
            { providerId: target.providerId, accountId: target.accountId },
            {
              onSuccess: () => {
                setNotice(t('linked.unlinked', { provider: providerName(t, target.providerId) }));
                setTarget(null);
              },
            },
          );
        }}
      >
        {unlinkError?.code === 'SESSION_IS_NOT_FRESH' && <ReauthenticatePrompt returnTo="/account/linked" />}
      </ConfirmDialog>
    </AccountSection>
  );
}
