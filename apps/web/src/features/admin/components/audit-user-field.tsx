/**
 * @module The audit filter's user, picked by e-mail: what is typed searches the users (e-mail
 * contains it, the first few, once typing pauses) and the one picked filters the log by its id.
 * A user given in the address (from their page) shows by e-mail once the server has named them,
 * and by id if the user is gone (deleted users keep their events).
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUser } from '../api/get-user';
import { useListUsers } from '../api/list-users';

const TYPING_DELAY_MS = 300;
const SUGGESTIONS = 8;

interface UserOption {
  id: string;
  email: string;
  name?: string;
}

export interface AuditUserFieldProps {
  userId: string;
  onChange(userId: string): void;
}

export function AuditUserField({ userId, onChange }: AuditUserFieldProps) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  // The option picked is shown as it is; a user from the address waits for the server's name.
  const [picked, setPicked] = useState<UserOption | null>(null);
  // Users are asked for once the suggestions open, not with every view of the log.
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(typed.trim(), TYPING_DELAY_MS);
  const found = useListUsers(
    {
      limit: SUGGESTIONS,
      sortBy: 'email',
      ...(search ? { searchValue: search, searchField: 'email', searchOperator: 'contains' } : {}),
    },
    { enabled: open },
  );
  const fromAddress = userId !== '' && picked?.id !== userId;
  const named = useAdminUser(userId, { enabled: fromAddress });
  const selected: UserOption | null = !userId
    ? null
    : fromAddress
      ? { id: userId, email: named.data?.email ?? userId }
      : picked;
  return (
    <Autocomplete<UserOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={found.data?.users ?? []}
      value={selected}
      // The server has searched already; the options are its answer as it is.
      filterOptions={(options) => options}
      getOptionLabel={(user) => user.email}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input') setTyped(value);
      }}
      onChange={(_event, user) => {
        setTyped('');
        setPicked(user);
        onChange(user?.id ?? '');
      }}
      loading={found.isFetching}
      loadingText={t('common:loading')}
      noOptionsText={t('audit.noUsers')}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {user.email}
            </Typography>
            {user.name && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {user.name}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      // The field fills the Autocomplete's box: as a content-sized input it shrank to its label's
      // width (about 80 px, "User (e…"), too narrow for any address.
      renderInput={(params) => <TextField {...params} label={t('audit.userFilter')} fullWidth margin="none" />}
      sx={{ m: 0, width: { xs: '100%', sm: 'auto' }, flex: { sm: '1 1 300px' }, minWidth: { sm: 300 } }}
    />
  );
}
