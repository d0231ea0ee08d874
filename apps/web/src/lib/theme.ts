/**
 * @module The MUI theme: SPEC §9 fixes the popover margin threshold (16) and elevation (8) for
 * every popover (menus and selects included); the language's MUI locale is merged in.
 */
import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from './languages';

export const POPOVER = Object.freeze({ marginThreshold: 16, elevation: 8 });

export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      palette: { primary: { main: '#3949ab' }, secondary: { main: '#00897b' } },
      shape: { borderRadius: 8 },
      components: {
        MuiPopover: { defaultProps: { marginThreshold: POPOVER.marginThreshold, elevation: POPOVER.elevation } },
        MuiMenu: { defaultProps: { marginThreshold: POPOVER.marginThreshold, elevation: POPOVER.elevation } },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
        MuiButton: { defaultProps: { disableElevation: true } },
      },
    },
    language.mui,
  );
}
