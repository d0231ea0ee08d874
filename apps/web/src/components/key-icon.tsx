/**
 * @module The app's mark, a key (Material Symbols' vpn_key path), drawn inline.
 */
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

export function KeyIcon(props: SvgIconProps) {
  return (
    <SvgIcon aria-hidden {...props}>
      <path d="M12.65 10A5.99 5.99 0 0 0 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6a5.99 5.99 0 0 0 5.65-4H17v4h4v-4h2v-4zM7 14c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2" />
    </SvgIcon>
  );
}
