/**
 * @module The application's settings, for the create and edit pages alike: name, type, redirect
 * URIs, grants, scopes, logo and homepage, and the first-party switches (skip consent, end the
 * session at the application's word). Fields that do not apply to the chosen type are not shown
 * (a machine has no redirect and no user to ask); the type is fixed once the application exists.
 * `owner`: the fields an organization's owners change on their own application (name, redirect
 * URIs, logo, homepage); the rest is registered once or is a platform admin's. The texts are the
 * admin console's (the `admin` namespace, bundled with every other).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../form-checkbox';
import { FormSelectField } from '../form-select-field';
import { FormTextField } from '../form-text-field';
import type { ApplicationFormValues } from './application-form-values';
import { APPLICATION_TYPES } from './application-types';

export function ApplicationFields({
  control,
  typeFixed = false,
  owner = false,
  children,
}: {
  control: Control<ApplicationFormValues>;
  typeFixed?: boolean;
  owner?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const type = useWatch({ control, name: 'type' });
  const machine = type === 'machine';
  return (
    <>
      <FormTextField control={control} name="client_name" label={t('applications.fields.name')} required />
      {!owner && (
        <FormSelectField
          control={control}
          name="type"
          label={t('applications.fields.type')}
          disabled={typeFixed}
          helperText={typeFixed ? t('applications.fields.typeFixed') : t(`applications.typeHelp.${type}`)}
          options={APPLICATION_TYPES.map((value) => ({ value, label: t(`applications.types.${value}`) }))}
        />
      )}
      {!machine && (
        <>
          <FormTextField
            control={control}
            name="redirect_uris"
            label={t('applications.fields.redirectUris')}
            helperText={t('applications.fields.oneUriPerLine')}
            multiline
            minRows={2}
            required
          />
          <FormTextField
            control={control}
            name="post_logout_redirect_uris"
            label={t('applications.fields.postLogoutRedirectUris')}
            helperText={t('applications.fields.oneUriPerLine')}
            multiline
            minRows={1}
          />
        </>
      )}
      {!owner && (
        <>
          <FormTextField
            control={control}
            name="scope"
            label={t('applications.fields.scopes')}
            helperText={t('applications.fields.scopesHelp')}
          />
          {machine ? (
            <FormTextField
              control={control}
              name="client_credentials_scopes"
              label={t('applications.fields.machineScopes')}
              helperText={t('applications.fields.machineScopesHelp')}
            />
          ) : (
            <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
              <Typography component="legend" variant="subtitle2">
                {t('applications.fields.grants')}
              </Typography>
              <FormCheckbox control={control} name="refresh_tokens" label={t('applications.fields.refreshTokens')} />
              <FormCheckbox control={control} name="device_code" label={t('applications.fields.deviceCode')} />
            </Stack>
          )}
        </>
      )}
      <FormTextField control={control} name="logo_uri" label={t('applications.fields.logo')} type="url" />
      <FormTextField control={control} name="client_uri" label={t('applications.fields.homepage')} type="url" />
      {!machine && !owner && (
        <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
          <Typography component="legend" variant="subtitle2">
            {t('applications.fields.firstParty')}
          </Typography>
          <FormCheckbox control={control} name="skip_consent" label={t('applications.fields.skipConsent')} />
          <FormCheckbox control={control} name="enable_end_session" label={t('applications.fields.enableEndSession')} />
        </Stack>
      )}
      {children}
    </>
  );
}
