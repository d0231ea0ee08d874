/**
 * @module The active organization picker in the header (shown when signed in and a member of at
 * least one organization): the session's active organization, and a menu of the user's
 * organizations that makes the chosen one active. The cache rules reload the session after
 * set-active, so the header follows by itself.
 */
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { ServerError } from '../../../components/server-error';
import { useSession } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListOrganizations } from '../api/list-organizations';
import { useSetActiveOrganization } from '../api/set-active-organization';

export function OrganizationSwitcher() {
  const { t } = useTranslation('organization');
  const { data: organizations } = useListOrganizations();
  const { data: session } = useSession();
  const setActive = useSetActiveOrganization();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!organizations || organizations.length === 0) return null;

  const activeId = session?.session.activeOrganizationId ?? null;
  const active = organizations.find((organization) => organization.id === activeId);
  const label = active?.name ?? t('switcher.none');
  const close = () => {
    setAnchor(null);
    setActive.reset();
  };

  return (
    <>
      <Button
        color="inherit"
        aria-label={t('switcher.label', { name: label })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        data-testid="organization-switcher"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: { xs: 120, sm: 240 } }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
        <span aria-hidden style={{ marginLeft: 4 }}>
          ▾
        </span>
      </Button>
      {/* Inside the header's landmark, not portalled to the end of the body (axe: region). */}
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} disablePortal onClose={close}>
        {organizations.map((organization) => (
          <MenuItem
            key={organization.id}
            selected={organization.id === activeId}
            disabled={setActive.isPending}
            onClick={() => {
              if (organization.id === activeId) close();
              else setActive.mutate(organization.id, { onSuccess: close });
            }}
          >
            <ListItemText primary={organization.name} secondary={organization.slug} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component={RouterLink} to="/organizations" onClick={close}>
          {t('switcher.manage')}
        </MenuItem>
        {setActive.error && (
          <li>
            <ServerError error={clientErrorOf(setActive.error)} />
          </li>
        )}
      </Menu>
    </>
  );
}
