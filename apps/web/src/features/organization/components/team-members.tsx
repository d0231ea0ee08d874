/**
 * @module One team's members, opened from its row on the Teams tab: each with "remove from team",
 * and a picker of the organization's members not in it yet with "add to team", for roles that may
 * change members. The server changes teams of the session's active organization only: elsewhere
 * the actions are disabled and say so (the page's "make active" button is at the top). An addition
 * or a removal is told in a toast.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useAddTeamMember, useRemoveTeamMember } from '../api/change-team-member';
import type { FullOrganization } from '../api/get-organization';
import { useListTeamMembers } from '../api/list-team-members';
import type { OrganizationTeam } from '../api/list-teams';
import type { MemberAbilities } from '../lib/member-permissions';

export interface TeamMembersProps {
  team: OrganizationTeam;
  organization: FullOrganization;
  abilities: MemberAbilities;
}

export function TeamMembers({ team, organization, abilities }: TeamMembersProps) {
  const { t } = useTranslation('organization');
  const { data: session } = useSession();
  const listed = useListTeamMembers(organization.id, team.id, true);
  const add = useAddTeamMember();
  const remove = useRemoveTeamMember();
  const toast = useToast();
  const [chosen, setChosen] = useState('');
  const reasonId = useId();
  const active = session?.session.activeOrganizationId === organization.id;
  const mayChange = abilities.updateMembers || abilities.removeMembers;
  const inTeam = new Set(listed.data?.map((row) => row.userId) ?? []);
  const candidates = organization.members.filter((member) => !inTeam.has(member.userId));
  const memberOf = (userId: string) => organization.members.find((member) => member.userId === userId);
  const nameOf = (userId: string) => {
    const member = memberOf(userId);
    return member ? member.user.name || member.user.email : userId;
  };
  const describedBy = active ? undefined : reasonId;
  // The server shows a team's members to its members and to those who manage members, no one else.
  const listedError = clientErrorOf(listed.error);
  const mayAdd = abilities.updateMembers && listed.data !== undefined && candidates.length > 0;

  return (
    <Box sx={{ flexBasis: '100%', pl: { xs: 0, sm: 2 }, pb: 1 }}>
      {listed.isPending && <CircularProgress size={20} aria-label={t('common:loading')} />}
      {listedError?.code === 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM' ? (
        <Typography color="text.secondary">{t('teamMembers.notVisible')}</Typography>
      ) : (
        <ServerError error={listedError} />
      )}
      {listed.data?.length === 0 && (
        <Typography color="text.secondary">{mayAdd ? t('teamMembers.noneAdd') : t('teamMembers.none')}</Typography>
      )}
      {listed.data && listed.data.length > 0 && (
        <List dense disablePadding aria-label={t('teamMembers.listNamed', { team: team.name })}>
          {listed.data.map((row) => (
            <ListItem
              key={row.id}
              disableGutters
              sx={{ gap: 1, flexWrap: 'wrap' }}
              secondaryAction={
                abilities.removeMembers && (
                  <Button
                    color="error"
                    size="small"
                    disabled={!active || remove.isPending}
                    aria-describedby={describedBy}
                    aria-label={t('teamMembers.removeNamed', { name: nameOf(row.userId), team: team.name })}
                    onClick={() =>
                      remove.mutate(
                        { teamId: team.id, userId: row.userId },
                        { onSuccess: () => toast({ message: t('teamMembers.removed', { name: nameOf(row.userId) }) }) },
                      )
                    }
                  >
                    {t('common:remove')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={nameOf(row.userId)}
                secondary={memberOf(row.userId)?.user.email}
                sx={{ pr: 10, wordBreak: 'break-word' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ServerError error={clientErrorOf(remove.error)} />
      {mayAdd && (
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            add.mutate(
              { teamId: team.id, userId: chosen },
              {
                onSuccess: () => {
                  toast({ message: t('teamMembers.added', { name: nameOf(chosen) }) });
                  setChosen('');
                },
              },
            );
          }}
        >
          <TextField
            select
            size="small"
            label={t('teamMembers.addLabel', { team: team.name })}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            disabled={!active}
            slotProps={{ select: { inputProps: { 'aria-describedby': describedBy } } }}
            sx={{ minWidth: 220 }}
          >
            {candidates.map((member) => (
              <MenuItem key={member.userId} value={member.userId}>
                {member.user.name || member.user.email}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="outlined" disabled={!active || !chosen || add.isPending}>
            {t('teamMembers.add')}
          </Button>
        </Box>
      )}
      <ServerError error={clientErrorOf(add.error)} />
      {mayChange && !active && (
        <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('teamMembers.activeOnly')}
        </Typography>
      )}
    </Box>
  );
}
