/**
 * @module The three color scheme icons (Material Symbols' light_mode, dark_mode and
 * brightness_auto paths), drawn inline: the app ships no icon font or icon package.
 */
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export type SchemeMode = 'light' | 'dark' | 'system';

function LightIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10M2 13h2a1 1 0 0 0 0-2H2a1 1 0 0 0 0 2m18 0h2a1 1 0 0 0 0-2h-2a1 1 0 0 0 0 2M11 2v2a1 1 0 0 0 2 0V2a1 1 0 0 0-2 0m0 18v2a1 1 0 0 0 2 0v-2a1 1 0 0 0-2 0M5.99 4.58a1 1 0 0 0-1.41 1.41l1.06 1.06a1 1 0 0 0 1.41-1.41zm12.37 12.37a1 1 0 0 0-1.41 1.41l1.06 1.06a1 1 0 0 0 1.41-1.41zm1.06-10.96a1 1 0 0 0-1.41-1.41l-1.06 1.06a1 1 0 0 0 1.41 1.41zM7.05 18.36a1 1 0 0 0-1.41-1.41l-1.06 1.06a1 1 0 0 0 1.41 1.41z" />
    </SvgIcon>
  );
}

function DarkIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.389 5.389 0 0 1-4.4 2.26 5.403 5.403 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1" />
    </SvgIcon>
  );
}

function SystemIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M10.85 12.65h2.3L12 9zM20 8.69V4h-4.69L12 .69 8.69 4H4v4.69L.69 12 4 15.31V20h4.69L12 23.31 15.31 20H20v-4.69L23.31 12zM14.3 16l-.7-2h-3.2l-.7 2H7.8L11 7h2l3.2 9z" />
    </SvgIcon>
  );
}

export const SCHEME_ICONS: Record<SchemeMode, ComponentType<SvgIconProps>> = {
  light: LightIcon,
  dark: DarkIcon,
  system: SystemIcon,
};
