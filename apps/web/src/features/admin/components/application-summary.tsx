/**
 * @module What an application is, as a list of terms: logo and name, type, client_id, owner,
 * creation, redirect URIs, grants, scopes and the first-party switches.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationLogo } from '../../../components/application-logo';
import type { AdminOAuthClient } from '../api/admin-types';
import { isConfidentialType, logoOf, typeOfClient } from '../../../components/oauth-application/application-types';
import { formatDateTime } from '../../../lib/format-date';

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
        {children}
      </Box>
    </>
  );
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function ApplicationSummary({ application }: { application: AdminOAuthClient }) {
  const { t, i18n } = useTranslation('admin');
  const type = typeOfClient(application);
  const name = typeof application.client_name === 'string' ? application.client_name : application.client_id;
  const yesNo = (value: unknown) => (value === true ? t('applications.yes') : t('applications.no'));
  const uris = (list: string[]) => (list.length === 0 ? '—' : list.map((uri) => <div key={uri}>{uri}</div>));
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <ApplicationLogo name={name} logo={logoOf(application.logo_uri)} size={48} />
        <Typography variant="subtitle1">{name}</Typography>
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
      >
        <Term label={t('applications.fields.type')}>
          {t(`applications.types.${type}`)} (
          {isConfidentialType(type) ? t('applications.confidential') : t('applications.public')})
        </Term>
        <Term label={t('applications.fields.clientId')}>
          <code>{application.client_id}</code>
        </Term>
        <Term label={t('applications.fields.owner')}>
          {application.owner ? `${application.owner.name} <${application.owner.email}>` : '—'}
        </Term>
        <Term label={t('applications.fields.created')}>
          {formatDateTime(application.client_id_issued_at * 1000, i18n.language)}
        </Term>
        <Term label={t('applications.fields.redirectUris')}>{uris(application.redirect_uris)}</Term>
        <Term label={t('applications.fields.postLogoutRedirectUris')}>
          {uris(listOf(application.post_logout_redirect_uris))}
        </Term>
        <Term label={t('applications.fields.grants')}>{application.grant_types.join(', ')}</Term>
        <Term label={t('applications.fields.scopes')}>
          {typeof application.scope === 'string' && application.scope ? application.scope : t('applications.anyScope')}
        </Term>
        {type === 'machine' && (
          <Term label={t('applications.fields.machineScopes')}>
            {listOf(application.client_credentials_scopes).join(' ') || '—'}
          </Term>
        )}
        <Term label={t('applications.fields.homepage')}>
          {typeof application.client_uri === 'string' ? application.client_uri : '—'}
        </Term>
        <Term label={t('applications.fields.skipConsent')}>{yesNo(application.skip_consent)}</Term>
        <Term label={t('applications.fields.enableEndSession')}>{yesNo(application.enable_end_session)}</Term>
        <Term label={t('applications.disabled')}>{yesNo(application.disabled)}</Term>
      </Box>
    </>
  );
}
