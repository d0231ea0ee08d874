/**
 * @module Connected applications (/account/applications): the applications the user let act for
 * them through the OAuth provider, with what each may do (in plain words), since when and when it was last used, and
 * "revoke" after a confirmation, which also ends the application's access at once.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationLogo } from '../../../components/application-logo';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { useScopeWords } from '../../../lib/oauth-applications';
import { clientErrorOf } from '../../../lib/unwrap';
import { useConnectedApplications, type ConnectedApplication } from '../api/list-consents';
import { useRevokeConsent } from '../api/revoke-consent';
import { AccountSection } from './account-section';
import { ItemRow } from './item-row';
import { SectionLoading } from './section-loading';
import { formatDateTime } from '../../../lib/format-date';

function nameOf(connected: ConnectedApplication): string {
  return connected.application?.name ?? connected.clientId;
}

export function ConnectedAppsSection() {
  const { t, i18n } = useTranslation('account');
  const words = useScopeWords();
  const applications = useConnectedApplications();
  const revoke = useRevokeConsent();
  const [target, setTarget] = useState<ConnectedApplication | null>(null);
  const toast = useToast();
  const date = (value: Date) => formatDateTime(value, i18n.language);

  return (
    <AccountSection title={t('applications.title')} description={t('applications.description')}>
      {applications.isPending && <SectionLoading />}
      <ServerError error={clientErrorOf(applications.error)} />
      {applications.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('applications.none')}
        </Typography>
      )}
      {applications.data && applications.data.length > 0 && (
        <Box component="ul" aria-label={t('applications.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {applications.data.map((connected) => {
            const name = nameOf(connected);
            return (
              <ItemRow
                key={connected.consentId}
                testId="connected-application"
                heading={name}
                chip={<ApplicationLogo name={name} logo={connected.application?.logo ?? null} size={28} />}
                details={[
                  [t('applications.allowed'), connected.scopes.map(words).join(', ')],
                  [t('applications.granted'), date(connected.grantedAt)],
                  [t('applications.lastUsed'), date(connected.lastUsedAt)],
                ]}
                actions={
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    onClick={() => {
                      revoke.reset();
                      setTarget(connected);
                    }}
                    aria-label={t('applications.revokeApplication', { name })}
                  >
                    {t('applications.revoke')}
                  </Button>
                }
              />
            );
          })}
        </Box>
      )}
      <ConfirmDialog
        open={target !== null}
        title={t('applications.revokeTitle')}
        text={target ? t('applications.revokeText', { name: nameOf(target) }) : ''}
        confirmLabel={t('applications.revoke')}
        pending={revoke.isPending}
        error={clientErrorOf(revoke.error)}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          revoke.mutate(target.consentId, {
            onSuccess: () => {
              toast({ message: t('applications.revoked', { name: nameOf(target) }) });
              setTarget(null);
            },
          });
        }}
      />
    </AccountSection>
  );
}
