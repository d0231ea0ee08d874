/**
 * @module The Members section: the organization's members with name, e-mail, role and the date
 * they joined, searched by name or e-mail and paged by the server, the search and page kept in the
 * address (members-address.ts). Whoever may change roles gets a role picker per member, whoever
 * may remove members a remove button (not on their own row: leaving is its own section; the only
 * owner's own picker is disabled, with the reason). The e-mail sits under the name; at phone width
 * each member becomes a card (cards-on-phones), so an address keeps the whole width.
 */
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListMembers } from '../api/list-members';
import { isSoleOwner } from '../lib/member-permissions';
import { MEMBER_PAGE_SIZES, membersSearchOf, membersViewOf, type MembersView } from '../lib/members-address';
import { cardsOnPhones } from '../../../components/cards-on-phones';
import { MemberRow } from './member-row';
import type { SectionProps } from './section-props';

const SEARCH_DELAY_MS = 300;

export function MembersSection({ organization, abilities, userId }: SectionProps) {
  const { t } = useTranslation('organization');
  const [params, setParams] = useSearchParams();
  const view = membersViewOf(params);
  const search = useDebouncedValue(view.search.trim(), SEARCH_DELAY_MS);
  const { data, error, isPending, isFetching } = useListMembers(organization.id, {
    search,
    limit: view.size,
    offset: view.page * view.size,
  });
  // A keystroke or a page is no step back in the history: the entry is replaced.
  const change = useCallback(
    (next: Partial<MembersView>) =>
      setParams((current) => membersSearchOf({ ...membersViewOf(current), ...next }), { replace: true }),
    [setParams],
  );
  // Whether the caller is the only owner is a fact about the whole organization, not this page.
  const soleOwner = isSoleOwner(organization.members, userId);
  const columns = abilities.removeMembers ? 4 : 3;

  return (
    <>
      <TextField
        type="search"
        label={t('members.search')}
        value={view.search}
        onChange={(event) => change({ search: event.target.value, page: 0 })}
        autoComplete="off"
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          input: {
            endAdornment: isFetching && !isPending && (
              <InputAdornment position="end">
                <CircularProgress size={18} aria-label={t('common:loading')} />
              </InputAdornment>
            ),
          },
        }}
      />
      <ServerError error={clientErrorOf(error)} />
      {isPending ? (
        <CircularProgress aria-label={t('common:loading')} />
      ) : (
        data && (
          <TableContainer component={Paper} variant="outlined">
            <Table
              aria-label={t('members.label')}
              sx={[cardsOnPhones, { minWidth: { sm: 340 }, '& tr': { px: { xs: 2, sm: 0 } } }]}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('members.member')}</TableCell>
                  <TableCell>{t('members.role')}</TableCell>
                  <TableCell>{t('members.joined')}</TableCell>
                  {abilities.removeMembers && <TableCell align="right">{t('members.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.members.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns}>
                      <Typography color="text.secondary">
                        {search ? t('members.noMatch', { search }) : t('members.emptyPage')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
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
            <TablePagination
              component="div"
              count={data.total}
              page={view.page}
              onPageChange={(_event, page) => change({ page })}
              rowsPerPage={view.size}
              rowsPerPageOptions={[...MEMBER_PAGE_SIZES]}
              onRowsPerPageChange={(event) => change({ page: 0, size: Number(event.target.value) })}
              labelRowsPerPage={t('members.perPage')}
            />
          </TableContainer>
        )
      )}
    </>
  );
}
