/**
 * @module /admin/applications/:clientId: one application — what it is and how it signs users in,
 * with edit, secret rotation and deletion — then who consented to it and its live tokens, each
 * revocable. Each block acts on its own and shows its own errors.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from '../../../lib/router';
import { Page } from '../../../components/page';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useAdminOAuthClient } from '../api/get-oauth-client';
import { useRotateOAuthClientSecret } from '../api/rotate-oauth-client-secret';
import { ApplicationConsents } from './application-consents';
import { applicationPath } from './application-path';
import { ApplicationSummary } from './application-summary';
import { ApplicationTokens } from './application-tokens';
import { hasSecret } from '../../../components/oauth-application/application-types';
import { DeleteApplicationButton } from './delete-application-button';
import { DetailSection } from './detail-section';
import { RotateSecretButton } from '../../../components/oauth-application/rotate-secret-button';

export function ApplicationDetailPage() {
  const { t } = useTranslation('admin');
  const rotate = useRotateOAuthClientSecret();
  const { clientId = '' } = useParams();
  const { data: application, error, isPending } = useAdminOAuthClient(clientId);
  const back = (
    <Button component={RouterLink} to="/admin/applications">
      {t('applications.back')}
    </Button>
  );
  if (!application) {
    return (
      <Page title={t('applications.detailTitle')} actions={back}>
        {isPending ? (
          <CircularProgress aria-label={t('common:loading')} />
        ) : (
          <ServerError error={clientErrorOf(error)} />
        )}
      </Page>
    );
  }
  const name = typeof application.client_name === 'string' ? application.client_name : application.client_id;
  return (
    <Page title={name} actions={back}>
      <Stack spacing={3}>
        <DetailSection title={t('applications.settings')}>
          <ApplicationSummary application={application} />
          <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" component={RouterLink} to={applicationPath(application.client_id, true)}>
              {t('applications.edit.button')}
            </Button>
            {hasSecret(application) && (
              <RotateSecretButton clientId={application.client_id} name={name} rotate={rotate} />
            )}
            <DeleteApplicationButton clientId={application.client_id} name={name} />
          </Stack>
        </DetailSection>
        <DetailSection title={t('applications.consents.title')}>
          <ApplicationConsents clientId={application.client_id} />
        </DetailSection>
        <DetailSection title={t('applications.tokens.title')}>
          <ApplicationTokens clientId={application.client_id} />
        </DetailSection>
      </Stack>
    </Page>
  );
}
