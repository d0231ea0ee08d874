/**
 * @module Create a team: one name, unique in the organization (TEAM_ALREADY_EXISTS at the field);
 * a creation is told in a toast.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useServerForm } from '../../../lib/use-server-form';
import { useCreateTeam } from '../api/create-team';

const schema = z.object({ name: z.string().trim().min(1, 'validation.required') });

export function CreateTeamForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organization');
  const create = useCreateTeam(organizationId);
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: '' },
    mutationFn: create,
    errorFields: { TEAM_ALREADY_EXISTS: 'name' },
    onSuccess: (_team, values) => {
      toast({ message: t('teams.created', { name: values.name.trim() }) });
      form.reset({ name: '' });
    },
  });
  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('teams.createLabel')} sx={{ maxWidth: 560 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormTextField
          control={form.control}
          name="name"
          label={t('teams.newName')}
          required
          sx={{ flex: 1, minWidth: 200 }}
        />
        <SubmitButton pending={pending} sx={{ mt: { xs: 0, sm: 3 } }}>
          {t('teams.create')}
        </SubmitButton>
      </Box>
      <ServerError error={serverError} />
    </Box>
  );
}
