/**
 * @module /admin/applications/:clientId/edit: the application's settings, the create page's
 * form filled with what the server has; the type is fixed (a new authentication method is a new
 * registration). Saving returns to the application's page.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthClient } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useServerForm } from '../../../lib/use-server-form';
import type { AdminOAuthClient } from '../api/admin-types';
import { useAdminOAuthClient } from '../api/get-oauth-client';
import { updateOAuthClient } from '../api/update-oauth-client';
import { ApplicationFields } from '../../../components/oauth-application/application-fields';
import {
  applicationFormSchema,
  updateOf,
  valuesOfClient,
} from '../../../components/oauth-application/application-form-values';
import { applicationPath } from './application-path';

function EditForm({ application }: { application: AdminOAuthClient }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const client = useAuthClient();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema: applicationFormSchema,
    defaultValues: valuesOfClient(application),
    mutationFn: (values) => updateOAuthClient(client, { client_id: application.client_id, update: updateOf(values) }),
    onSuccess: () => navigate(applicationPath(application.client_id)),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <ApplicationFields control={form.control} typeFixed />
      <ServerError error={serverError} />
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <SubmitButton pending={pending}>{t('applications.edit.submit')}</SubmitButton>
        <Button component={RouterLink} to={applicationPath(application.client_id)}>
          {t('common:cancel')}
        </Button>
      </Stack>
    </form>
  );
}

export function EditApplicationPage() {
  const { t } = useTranslation('admin');
  const { clientId = '' } = useParams();
  const { data, error, isPending } = useAdminOAuthClient(clientId);
  return (
    <Page title={t('applications.edit.title')} maxWidth="sm">
      {data ? (
        <EditForm application={data} />
      ) : isPending ? (
        <CircularProgress aria-label={t('common:loading')} />
      ) : (
        <ServerError error={clientErrorOf(error)} />
      )}
    </Page>
  );
}
