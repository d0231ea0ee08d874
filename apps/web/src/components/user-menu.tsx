/**
 * @module The header's user menu: the user's avatar opens their name and e-mail, the account and
 * organization pages, the admin console for platform admins, and sign-out. One button instead of
 * four keeps the header on one row at phone width in every language.
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '../lib/router';
import { useSignOut } from '../lib/auth';
import { useAdminAccess } from '../lib/admin-access';
import { UserAvatar } from './user-avatar';

/** Read by screen readers, not shown (the rule @mui/utils' visuallyHidden also writes). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface MenuUser {
  name: string;
  email: string;
  image?: string | null;
  role?: string | null;
}

export function UserMenu({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const { screens: adminScreens } = useAdminAccess();
  return (
    <>
      {/* Named by hidden text, not aria-label: an aria-label must contain the visible initials
          (WCAG 2.5.3, "label in name"), which "User menu: Grace Hopper" does not ("GH"). */}
      <IconButton
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        data-testid="user-menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar name={user.name} image={user.image} size={36} alt="" aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          {t('shell.userMenu.open', { name: user.name })}
        </Box>
      </IconButton>
      {/* A popover rather than a Menu: who is signed in is read, not chosen, so it stands above
          the menu instead of inside it (a menu may hold only items). In the header's landmark,
          not portalled to the end of the body. */}
      <Popover
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        disablePortal
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1, maxWidth: 280 }} data-testid="user-menu-identity">
          <Typography variant="subtitle2" noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuList
          id={menuId}
          autoFocusItem={Boolean(anchor)}
          aria-label={t('shell.userMenu.open', { name: user.name })}
        >
          <MenuItem component={RouterLink} to="/account" onClick={close}>
            {t('nav.account')}
          </MenuItem>
          <MenuItem component={RouterLink} to="/organizations" onClick={close}>
            {t('nav.organizations')}
          </MenuItem>
          {adminScreens.length > 0 && (
            <MenuItem component={RouterLink} to={`/admin/${adminScreens[0]}`} onClick={close}>
              {t('nav.admin')}
            </MenuItem>
          )}
          <Divider component="li" />
          <MenuItem
            onClick={async () => {
              close();
              await signOut();
              navigate('/sign-in');
            }}
          >
            {t('nav.signOut')}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
