/**
 * @module An organization's logo, or its initial when it has none or the image fails to load.
 * Decorative (empty alt): the organization's name is always written beside it.
 */
import Avatar from '@mui/material/Avatar';

export function OrganizationAvatar({ name, logo, size = 40 }: { name: string; logo?: string | null; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={logo ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'secondary.main' }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
