/**
 * @module Invite by e-mail, one address or a pasted list (invitation-addresses.ts), with a role
 * (owner only offered to owners) and optionally a team. For one address a refusal (a second
 * invitation to an address with one still open, a member's address) is shown at the field, and
 * the pending list below offers "Resend" instead; a sent invitation is told in a toast. For
 * several, each address is invited on its own and the outcome of each is listed under the form;
 * the addresses that could not be invited stay in the field to be corrected and sent again.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type KeyboardEvent } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useServerForm } from '../../../lib/use-server-form';
import { useInviteMember } from '../api/invite-member';
import { useInviteMany, type InvitationOutcome } from '../api/invite-many';
import { MAX_INVITATION_ADDRESSES, invitationAddresses } from '../lib/invitation-addresses';
import { InvitationOutcomes } from './invitation-outcomes';
import type { OrganizationTeam } from '../api/list-teams';
import { ORGANIZATION_ROLES, assignableRoles, type MemberAbilities } from '../lib/member-permissions';
import { useRoleLabel } from './use-role-label';

const schema = z.object({
  emails: z.string().superRefine((text, context) => {
    const addresses = invitationAddresses(text);
    if (addresses.length === 0) context.addIssue({ code: 'custom', message: 'validation.required' });
    else if (addresses.length > MAX_INVITATION_ADDRESSES)
      context.addIssue({ code: 'custom', message: 'organization:invitations.tooMany' });
    // One address is checked here, as any e-mail field is; in a list a bad one is reported with the rest.
    else if (addresses.length === 1 && !z.email().safeParse(addresses[0]).success)
      context.addIssue({ code: 'custom', message: 'validation.email' });
  }),
  role: z.enum(ORGANIZATION_ROLES),
  teamId: z.string(),
});

type Sent = { email: string; outcomes?: undefined } | { email?: undefined; outcomes: InvitationOutcome[] };

/** Enter sends, as in a one-line field; Shift+Enter starts a new line (a pasted list keeps its own). */
function submitOnEnter(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  (event.target as HTMLTextAreaElement).form?.requestSubmit();
}

/** Addresses worth sending again: not those now invited or already in. */
const RETRY = new Set<InvitationOutcome['status']>(['invalid', 'failed']);

export interface InviteMemberFormProps {
  organizationId: string;
  abilities: MemberAbilities;
  teams: readonly OrganizationTeam[];
}

export function InviteMemberForm({ organizationId, abilities, teams }: InviteMemberFormProps) {
  const { t } = useTranslation('organization');
  const roleLabel = useRoleLabel();
  const invite = useInviteMember(organizationId);
  const inviteMany = useInviteMany(organizationId);
  const toast = useToast();
  const [outcomes, setOutcomes] = useState<InvitationOutcome[] | null>(null);
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { emails: '', role: 'member', teamId: '' },
    mutationFn: async ({ emails, role, teamId }): Promise<Sent> => {
      setOutcomes(null);
      const addresses = invitationAddresses(emails);
      if (addresses.length === 1) {
        await invite({ email: addresses[0]!, role, teamId });
        return { email: addresses[0]! };
      }
      return { outcomes: await inviteMany(addresses, { role, teamId }) };
    },
    errorFields: {
      USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'emails',
      USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'emails',
      INVALID_EMAIL: 'emails',
      YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE: 'role',
      TEAM_NOT_FOUND: 'teamId',
    },
    onSuccess: (sent, values) => {
      if (sent.email !== undefined) {
        toast({ message: t('invitations.sent', { email: sent.email }) });
        form.reset({ ...values, emails: '' });
        return;
      }
      const invited = sent.outcomes.filter((outcome) => outcome.status === 'invited').length;
      setOutcomes(sent.outcomes);
      toast({
        message: t('invitations.sentSeveral', { sent: invited, total: sent.outcomes.length }),
        severity: invited === sent.outcomes.length ? 'success' : 'info',
      });
      const retry = sent.outcomes.filter((outcome) => RETRY.has(outcome.status)).map((outcome) => outcome.email);
      form.reset({ ...values, emails: retry.join('\n') });
    },
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('invitations.formLabel')} sx={{ maxWidth: 560 }}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0, sm: 2 } }}>
        <FormTextField
          control={form.control}
          name="emails"
          label={t('invitations.addresses')}
          helperText={t('invitations.addressesHelp')}
          required
          multiline
          minRows={1}
          maxRows={8}
          autoComplete="off"
          onKeyDown={submitOnEnter}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          sx={{ flex: 2 }}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              select
              {...field}
              inputRef={ref}
              label={t('fields.role')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              sx={{ flex: 1, minWidth: 140 }}
            >
              {assignableRoles(abilities).map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabel(role)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      {teams.length > 0 && (
        <Controller
          control={form.control}
          name="teamId"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              select
              {...field}
              inputRef={ref}
              label={t('fields.team')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              // "No team" is the empty value: shown as chosen, not as an empty box under its label.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('invitations.noTeam')}</MenuItem>
              {teams.map((team) => (
                <MenuItem key={team.id} value={team.id}>
                  {team.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <ServerError error={serverError} />
      <SubmitButton pending={pending} sx={{ mt: 1 }}>
        {t('invitations.submit')}
      </SubmitButton>
      {outcomes && <InvitationOutcomes outcomes={outcomes} />}
    </Box>
  );
}
