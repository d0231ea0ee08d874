/**
 * @module A team's name edited in place; a name another team has is refused at the field.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useServerForm } from '../../../lib/use-server-form';
import type { OrganizationTeam } from '../api/list-teams';
import { useRenameTeam } from '../api/update-team';

const schema = z.object({ name: z.string().trim().min(1, 'validation.required') });

export function RenameTeamForm({
  team,
  organizationId,
  onDone,
}: {
  team: OrganizationTeam;
  organizationId: string;
  onDone(): void;
}) {
  const { t } = useTranslation('organization');
  const rename = useRenameTeam(organizationId, team.id);
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { name: team.name },
    mutationFn: rename,
    errorFields: { TEAM_ALREADY_EXISTS: 'name' },
    onSuccess: (_team, values) => {
      toast({ message: t('teams.renamed', { name: values.name.trim() }) });
      onDone();
    },
  });
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('teams.renameNamed', { name: team.name })}
      sx={{ width: '100%' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormTextField
          control={form.control}
          name="name"
          label={t('teams.name')}
          autoFocus
          required
          size="small"
          sx={{ flex: 1, minWidth: 160 }}
        />
        <SubmitButton pending={pending} sx={{ mt: 2 }}>
          {t('common:save')}
        </SubmitButton>
        <Button onClick={onDone} disabled={pending} sx={{ mt: 2 }}>
          {t('common:cancel')}
        </Button>
      </Box>
      <ServerError error={serverError} />
    </Box>
  );
}
