/**
 * @module The admin console's screens, side by side above each list screen: users and the audit
 * log. Links, not tabs: each is a screen of its own with its own address; the open one is marked
 * with aria-current by the router's NavLink.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const SCREENS = [
  { path: '/admin/users', key: 'users' },
  { path: '/admin/applications', key: 'applications' },
  { path: '/admin/audit', key: 'audit' },
] as const;

export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ mb: 2 }}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {SCREENS.map((screen) => (
          <li key={screen.key}>
            <Button
              component={NavLink}
              to={screen.path}
              end
              color="inherit"
              sx={{ textTransform: 'none', '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              {t(`nav.${screen.key}`)}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
