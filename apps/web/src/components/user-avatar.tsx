/**
 * @module A user's avatar: their picture, or their initials when there is none or it fails to load.
 */
import Avatar, { type AvatarProps } from '@mui/material/Avatar';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function UserAvatar({
  name,
  image,
  size,
  ...props
}: { name: string; image?: string | null; size: number } & Omit<AvatarProps, 'src' | 'children'>) {
  return (
    <Avatar
      src={image ?? undefined}
      {...props}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'secondary.main', ...props.sx }}
    >
      {initials(name)}
    </Avatar>
  );
}
