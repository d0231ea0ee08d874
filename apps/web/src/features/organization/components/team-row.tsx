/**
 * @module One team: its name and how many members it has, its members (opened on demand), rename in place, and remove with a
 * confirmation. The organization's last team cannot be removed; the server says so in the dialog.
 * A removal is told in a toast.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import type { FullOrganization } from '../api/get-organization';
import type { OrganizationTeam } from '../api/list-teams';
import { useRemoveTeam } from '../api/remove-team';
import type { MemberAbilities } from '../lib/member-permissions';
import { RenameTeamForm } from './rename-team-form';
import { TeamMembers } from './team-members';

export interface TeamRowProps {
  team: OrganizationTeam;
  organization: FullOrganization;
  abilities: MemberAbilities;
}

export function TeamRow({ team, organization, abilities }: TeamRowProps) {
  const organizationId = organization.id;
  const { t } = useTranslation('organization');
  const remove = useRemoveTeam(organizationId);
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showMembers, setShowMembers] = useState(false);
  // The full organization counts each team's members; a change to a team reloads it (stale-after.ts).
  const memberCount = organization.teams?.find((candidate) => candidate.id === team.id)?.memberCount;

  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }} data-team-id={team.id}>
      {renaming ? (
        <RenameTeamForm team={team} organizationId={organizationId} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <ListItemText
            primary={team.name}
            secondary={memberCount === undefined ? undefined : t('teams.memberCount', { number: memberCount })}
            sx={{ minWidth: 160, wordBreak: 'break-word' }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              aria-expanded={showMembers}
              aria-label={t('teamMembers.showNamed', { team: team.name })}
              onClick={() => setShowMembers((shown) => !shown)}
            >
              {t('teamMembers.show')}
            </Button>
            {abilities.updateTeams && (
              <Button onClick={() => setRenaming(true)} aria-label={t('teams.renameNamed', { name: team.name })}>
                {t('teams.rename')}
              </Button>
            )}
            {abilities.deleteTeams && (
              <Button
                color="error"
                onClick={() => setConfirming(true)}
                aria-label={t('teams.removeNamed', { name: team.name })}
              >
                {t('common:remove')}
              </Button>
            )}
          </Box>
        </>
      )}
      {showMembers && <TeamMembers team={team} organization={organization} abilities={abilities} />}
      <ConfirmDialog
        open={confirming}
        title={t('teams.removeTitle')}
        text={t('teams.removeText', { name: team.name })}
        confirmLabel={t('common:remove')}
        pending={remove.isPending}
        error={clientErrorOf(remove.error)}
        onConfirm={() =>
          remove.mutate(team.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ message: t('teams.removed', { name: team.name }) });
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      />
    </ListItem>
  );
}
