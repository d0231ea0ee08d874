/**
 * @module Linked accounts (/account/linked): every way this account signs in, each with "unlink"
 * after a confirmation, and a "link" button for each enabled provider not linked yet. The last way
 * of signing in cannot be unlinked (the user could not sign in again): its button is disabled and
 * says why, with advice that fits the user's methods (lib/last-method-advice). The server refuses it too, and asks for a fresh session; both refusals are shown in the
 * dialog, the second with "sign in again". A link that failed at the callback comes back here with
 * `?error=…` (and `provider=…`), explained at the top: which provider was not linked, and why
 * (lib/link-refusal).
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProviderIcon } from '../../../components/provider-icons';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../lib/auth';
import { flowErrorOf } from '../../../lib/flow-error';
import { useSocialProviders } from '../../../lib/social-providers';
import { clientErrorOf } from '../../../lib/unwrap';
import { CREDENTIAL_PROVIDER, useListAccounts, type LinkedAccount } from '../api/list-accounts';
import { useUnlinkAccount } from '../api/unlink-account';
import { lastMethodAdvice } from '../lib/last-method-advice';
import { linkRefusalReason } from '../lib/link-refusal';
import { AccountSection } from './account-section';
import { LinkAccountButtons } from './link-account-buttons';
import { providerName } from './provider-name';
import { ReauthenticatePrompt } from './reauthenticate-prompt';
import { SectionLoading } from './section-loading';
import { formatDate } from '../../../lib/format-date';

export function LinkedAccountsSection() {
  const { t, i18n } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const accounts = useListAccounts();
  const enabled = useSocialProviders().data ?? [];
  const unlink = useUnlinkAccount();
  const [target, setTarget] = useState<LinkedAccount | null>(null);
  const toast = useToast();
  const lastMethodId = useId();
  const unlinkError = clientErrorOf(unlink.error);
  const flowError = flowErrorOf(searchParams);
  const nameOf = (providerId: string) => providerName(t, providerId, enabled);
  const email = useSession().data?.user.email ?? '';
  // Named only when it is one the server offers: the address bar is anyone's to write.
  const refusedProvider = enabled.find((provider) => provider.id === searchParams.get('provider'));
  const onlyOne = accounts.data?.length === 1;
  const linkable = accounts.data
    ? enabled.filter((provider) => !accounts.data.some((account) => account.providerId === provider.id))
    : [];
  const only = onlyOne ? accounts.data?.[0] : undefined;
  const lastMethod = only
    ? lastMethodAdvice(t, {
        isPassword: only.providerId === CREDENTIAL_PROVIDER,
        name: nameOf(only.providerId),
        linkable: linkable.length,
      })
    : '';

  return (
    <AccountSection title={t('linked.title')} description={t('linked.description')}>
      {flowError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-code={flowError}>
          <AlertTitle>
            {refusedProvider
              ? t('linked.refused.title', { provider: refusedProvider.name })
              : t('linked.refused.titleUnknown')}
          </AlertTitle>
          {linkRefusalReason(t, flowError, email)}
        </Alert>
      )}
      {accounts.isPending && <SectionLoading />}
      <ServerError error={clientErrorOf(accounts.error)} />
      {accounts.data?.length === 0 && <Alert severity="info">{t('linked.none')}</Alert>}
      <List aria-label={t('linked.title')} disablePadding>
        {accounts.data?.map((account) => {
          const name = nameOf(account.providerId);
          const linkedOn = formatDate(account.createdAt, i18n.language);
          const details = [
            account.providerId === CREDENTIAL_PROVIDER ? null : t('linked.accountId', { id: account.accountId }),
            t('linked.linkedOn', { date: linkedOn }),
            account.scopes.length > 0 ? t('linked.scopes', { scopes: account.scopes.join(', ') }) : null,
          ].filter(Boolean);
          const button = (
            <Button
              color="error"
              size="small"
              aria-label={t('linked.unlinkProvider', { provider: name })}
              disabled={onlyOne}
              aria-describedby={onlyOne ? lastMethodId : undefined}
              onClick={() => {
                unlink.reset();
                setTarget(account);
              }}
            >
              {t('linked.unlink')}
            </Button>
          );
          return (
            <ListItem
              key={account.id}
              divider
              data-testid="linked-account"
              sx={{ gap: 1, px: 0 }}
              secondaryAction={
                onlyOne ? (
                  // A disabled button hears no pointer: the tooltip listens on its wrapper.
                  <Tooltip title={lastMethod}>
                    <span>{button}</span>
                  </Tooltip>
                ) : (
                  button
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <ProviderIcon providerId={account.providerId} fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={name} secondary={details.join(' · ')} sx={{ pr: 10, wordBreak: 'break-word' }} />
            </ListItem>
          );
        })}
      </List>
      {onlyOne && (
        <Typography id={lastMethodId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {lastMethod}
        </Typography>
      )}
      <LinkAccountButtons providers={linkable} />
      <ConfirmDialog
        open={target !== null}
        title={t('linked.unlinkTitle')}
        text={target ? t('linked.unlinkText', { provider: nameOf(target.providerId) }) : ''}
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
                toast({ message: t('linked.unlinked', { provider: nameOf(target.providerId) }) });
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
