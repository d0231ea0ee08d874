/**
 * @module An application's logo, or the first letter of its name when it has none or the image
 * fails to load. Decorative: the name is always written beside it.
 */
import Avatar from '@mui/material/Avatar';

export function ApplicationLogo({ name, logo, size = 56 }: { name: string; logo: string | null; size?: number }) {
  return (
    <Avatar
      src={logo ?? undefined}
      alt=""
      aria-hidden
      variant="rounded"
      sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: 'primary.main' }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
