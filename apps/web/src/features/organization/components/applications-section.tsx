/**
 * @module The Applications section: the OAuth applications the organization owns, for its owners
 * and admins. Registering one shows its client id and secret once (the server keeps only the
 * secret's digest); each is changed, given a new secret or deleted in its row (application-row.tsx). Other
 * members are told who manages them; the server refuses them anyway.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { clientErrorOf } from '../../../lib/unwrap';
import { useServerForm } from '../../../lib/use-server-form';
import {
  useCreateApplication,
  useOrganizationApplications,
  type IssuedApplication,
} from '../api/organization-applications';
import { ApplicationRow } from './application-row';
import type { SectionProps } from './section-props';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  redirectUri: z.url({ protocol: /^https?$/, error: 'validation.url' }),
});

function CreateApplicationForm({
  organizationId,
  onIssued,
}: {
  organizationId: string;
  onIssued(issued: IssuedApplication): void;
}) {
  const { t } = useTranslation('organization');
  const create = useCreateApplication(organizationId);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: '', redirectUri: '' },
    mutationFn: create,
    errorFields: { INVALID_REDIRECT_URI: 'redirectUri' },
    onSuccess: (issued) => {
      onIssued(issued);
      form.reset({ name: '', redirectUri: '' });
    },
  });
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('applications.createLabel')}
      sx={{ maxWidth: 560 }}
    >
      <FormTextField control={form.control} name="name" label={t('applications.name')} required />
      <FormTextField
        control={form.control}
        name="redirectUri"
        label={t('applications.redirectUri')}
        helperText={t('applications.redirectUriHelp')}
        required
      />
      <ServerError error={serverError} />
      <SubmitButton pending={pending} sx={{ mt: 1 }}>
        {t('applications.create')}
      </SubmitButton>
    </Box>
  );
}

function IssuedSecret({ issued, onDone }: { issued: IssuedApplication; onDone(): void }) {
  const { t } = useTranslation('organization');
  return (
    <Alert severity="success" sx={{ mb: 3 }} action={<Button onClick={onDone}>{t('applications.done')}</Button>}>
      <AlertTitle>{t('applications.createdTitle')}</AlertTitle>
      <Typography variant="body2">{t('applications.secretOnce')}</Typography>
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, '& dd': { m: 0, mb: 1, fontFamily: 'monospace', wordBreak: 'break-all' } }}
      >
        <dt>{t('applications.clientId')}</dt>
        <dd>{issued.clientId}</dd>
        <dt>{t('applications.clientSecret')}</dt>
        <dd>{issued.clientSecret}</dd>
      </Box>
    </Alert>
  );
}

export function ApplicationsSection({ organization, abilities }: SectionProps) {
  const { t } = useTranslation('organization');
  const manages = abilities.updateOrganization;
  const { data: applications, error, isPending } = useOrganizationApplications(organization.id, manages);
  const [issued, setIssued] = useState<IssuedApplication | null>(null);

  if (!manages) return <Alert severity="info">{t('applications.notAllowed')}</Alert>;
  return (
    <Box>
      {issued && <IssuedSecret issued={issued} onDone={() => setIssued(null)} />}
      <CreateApplicationForm organizationId={organization.id} onIssued={setIssued} />
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>
        {t('applications.label')}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={t('common:loading')} />
      ) : error ? (
        <ServerError error={clientErrorOf(error)} />
      ) : applications.length === 0 ? (
        <Typography color="text.secondary">{t('applications.none')}</Typography>
      ) : (
        <List aria-label={t('applications.label')}>
          {applications.map((application) => (
            <ApplicationRow key={application.clientId} organizationId={organization.id} application={application} />
          ))}
        </List>
      )}
    </Box>
  );
}
