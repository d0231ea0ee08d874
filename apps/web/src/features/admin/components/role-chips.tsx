/**
 * @module A user's platform roles (comma-joined in the database) as chips; admin stands out.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { rolesOf } from '../../../lib/roles';

export function RoleChips({ role }: { role: string | null | undefined }) {
  const { t } = useTranslation('admin');
  const roles = rolesOf(role);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      {roles.length === 0 && <span>—</span>}
      {roles.map((name) => (
        <Chip
          key={name}
          size="small"
          label={t(`roles.${name}`, { defaultValue: name })}
          color={name === 'admin' ? 'primary' : 'default'}
          variant={name === 'admin' ? 'filled' : 'outlined'}
        />
      ))}
    </Stack>
  );
}
