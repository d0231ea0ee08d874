/**
 * @module The Members section: every member with name, e-mail and role. Whoever may change roles
 * gets a role picker per member, whoever may remove members a remove button (not on their own
 * row: leaving is its own section; the only owner's own picker is disabled, with the reason). The e-mail sits under the name; at phone width
 * each member becomes a card (cards-on-phones), so an address keeps the whole width.
 */
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListMembers } from '../api/list-members';
import { isSoleOwner } from '../lib/member-permissions';
import { cardsOnPhones } from '../../../components/cards-on-phones';
import { MemberRow } from './member-row';
import type { SectionProps } from './section-props';

export function MembersSection({ organization, abilities, userId }: SectionProps) {
  const { t } = useTranslation('organization');
  const { data, error, isPending } = useListMembers(organization.id);
  if (isPending) return <CircularProgress aria-label={t('common:loading')} />;
  if (error) return <ServerError error={clientErrorOf(error)} />;
  const soleOwner = isSoleOwner(data.members, userId);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        aria-label={t('members.label')}
        sx={[cardsOnPhones, { minWidth: { sm: 340 }, '& tr': { px: { xs: 2, sm: 0 } } }]}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('members.member')}</TableCell>
            <TableCell>{t('members.role')}</TableCell>
            {abilities.removeMembers && <TableCell align="right">{t('members.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              organization={organization}
              abilities={abilities}
              isSelf={member.userId === userId}
              soleOwner={soleOwner && member.userId === userId}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
