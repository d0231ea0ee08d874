/**
 * @module /admin/applications/new: an admin registers an application (an OAuth client). A
 * confidential one's secret is shown once in a dialog; closing it, or creating a public one, lands
 * on the application's page.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { createOAuthClient } from '../api/create-oauth-client';
import { ApplicationFields } from '../../../components/oauth-application/application-fields';
import {
  applicationFormSchema,
  createBodyOf,
  EMPTY_APPLICATION,
} from '../../../components/oauth-application/application-form-values';
import { applicationPath } from './application-path';
import { ApplicationSecretDialog } from '../../../components/oauth-application/application-secret-dialog';

export function CreateApplicationPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const client = useAuthClient();
  const [created, setCreated] = useState<{ clientId: string; secret: string } | null>(null);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema: applicationFormSchema,
    defaultValues: EMPTY_APPLICATION,
    mutationFn: (values) => createOAuthClient(client, createBodyOf(values)),
    onSuccess: (data) => {
      const secret = typeof data.client_secret === 'string' ? data.client_secret : null;
      if (secret) setCreated({ clientId: data.client_id, secret });
      else void navigate(applicationPath(data.client_id));
    },
  });

  return (
    <Page title={t('applications.create.title')} maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <ApplicationFields control={form.control} />
        <ServerError error={serverError} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <SubmitButton pending={pending}>{t('applications.create.submit')}</SubmitButton>
          <Button component={RouterLink} to="/admin/applications">
            {t('common:cancel')}
          </Button>
        </Stack>
      </form>
      <ApplicationSecretDialog
        clientId={created?.clientId ?? ''}
        secret={created?.secret ?? null}
        onClose={() => created && void navigate(applicationPath(created.clientId), { replace: true })}
      />
    </Page>
  );
}
