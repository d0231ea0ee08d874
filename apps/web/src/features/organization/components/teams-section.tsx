/**
 * @module The Teams section: the organization's teams, a form to create one, and per team its
 * members (add, remove), rename and remove, each offered only to roles that may do it.
 */
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListTeams } from '../api/list-teams';
import { CreateTeamForm } from './create-team-form';
import type { SectionProps } from './section-props';
import { TeamRow } from './team-row';

export function TeamsSection({ organization, abilities }: SectionProps) {
  const { t } = useTranslation('organization');
  const { data, error, isPending } = useListTeams(organization.id);
  return (
    <>
      {abilities.createTeams && <CreateTeamForm organizationId={organization.id} />}
      {isPending && <CircularProgress aria-label={t('common:loading')} />}
      <ServerError error={clientErrorOf(error)} />
      {data && data.length === 0 && (
        <Typography color="text.secondary">
          {abilities.createTeams ? t('teams.noneCreate') : t('teams.none')}
        </Typography>
      )}
      {data && data.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 2 }}>
          <List disablePadding aria-label={t('teams.label')}>
            {data.map((team) => (
              <TeamRow key={team.id} team={team} organization={organization} abilities={abilities} />
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}
