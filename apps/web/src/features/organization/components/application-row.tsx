/**
 * @module One of the organization's applications, for its owners and admins: its settings changed
 * in place (the owner's fields: name, redirect URIs, logo, homepage; application-fields.tsx, as the
 * admin console's), its secret rotated after a confirmation and shown once, and its deletion,
 * asked first since every sign-in it was given ends with it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApplicationFields } from '../../../components/oauth-application/application-fields';
import {
  applicationFormSchema,
  ownerUpdateOf,
  valuesOfClient,
} from '../../../components/oauth-application/application-form-values';
import { hasSecret } from '../../../components/oauth-application/application-types';
import { RotateSecretButton } from '../../../components/oauth-application/rotate-secret-button';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useServerForm } from '../../../lib/use-server-form';
import {
  useDeleteApplication,
  useRotateApplicationSecret,
  useUpdateApplication,
  type OrganizationApplication,
} from '../api/organization-applications';

function EditApplicationForm({
  organizationId,
  application,
  name,
  onDone,
}: {
  organizationId: string;
  application: OrganizationApplication;
  name: string;
  onDone(): void;
}) {
  const { t } = useTranslation('organization');
  const update = useUpdateApplication(organizationId);
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema: applicationFormSchema,
    defaultValues: valuesOfClient(application.registered),
    mutationFn: (values) => update.mutateAsync({ clientId: application.clientId, update: ownerUpdateOf(values) }),
    onSuccess: () => {
      toast({ message: t('applications.saved', { name: form.getValues('client_name') }) });
      onDone();
    },
  });
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('applications.editNamed', { name })}
      sx={{ width: '100%', maxWidth: 560 }}
    >
      <ApplicationFields control={form.control} typeFixed owner />
      <ServerError error={serverError} />
      <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
        <SubmitButton pending={pending}>{t('applications.save')}</SubmitButton>
        <Button onClick={onDone}>{t('common:cancel')}</Button>
      </Stack>
    </Box>
  );
}

export function ApplicationRow({
  organizationId,
  application,
}: {
  organizationId: string;
  application: OrganizationApplication;
}) {
  const { t } = useTranslation('organization');
  const remove = useDeleteApplication();
  const rotate = useRotateApplicationSecret();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const name = application.name ?? application.clientId;
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={name}
        secondary={`${t('applications.clientId')}: ${application.clientId}`}
        sx={{ minWidth: 200, wordBreak: 'break-all' }}
      />
      <Button onClick={() => setEditing(true)} disabled={editing} aria-label={t('applications.editNamed', { name })}>
        {t('applications.edit')}
      </Button>
      {hasSecret(application.registered) && (
        <RotateSecretButton clientId={application.clientId} name={name} rotate={rotate} />
      )}
      <Button color="error" onClick={() => setConfirming(true)} aria-label={t('applications.deleteNamed', { name })}>
        {t('common:delete')}
      </Button>
      {editing && (
        <EditApplicationForm
          organizationId={organizationId}
          application={application}
          name={name}
          onDone={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('applications.deleteTitle')}
        text={t('applications.deleteText', { name })}
        confirmLabel={t('common:delete')}
        pending={remove.isPending}
        error={clientErrorOf(remove.error)}
        onConfirm={() =>
          remove.mutate(application.clientId, {
            onSuccess: () => {
              setConfirming(false);
              toast({ message: t('applications.deleted', { name }) });
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </ListItem>
  );
}
