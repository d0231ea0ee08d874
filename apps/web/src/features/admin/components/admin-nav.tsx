/**
 * @module The admin console's screens the user may open (admin-access.ts), side by side above each
 * list screen: users, applications, the audit log. Links, not tabs: each is a screen of its own with its own address; the open one is marked
 * with aria-current by the router's NavLink.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink } from '../../../lib/router';
import { useAdminAccess } from '../../../lib/admin-access';

export function AdminNav() {
  const { t } = useTranslation('admin');
  const { screens } = useAdminAccess();
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ mb: 2 }}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {screens.map((screen) => (
          <li key={screen}>
            <Button
              component={NavLink}
              to={`/admin/${screen}`}
              end
              color="inherit"
              sx={{ textTransform: 'none', '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              {t(`nav.${screen}`)}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
