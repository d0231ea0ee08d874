/**
 * @module The MUI theme: SPEC §9 fixes the popover margin threshold (16) and elevation (8) for
 * every popover (menus and selects included); the language's MUI locale is merged in (the
 * DataGrid's comes with the admin console, which alone loads the grid). Light and dark color
 * schemes are CSS variables switched by a class on `<html>`, so a change of scheme restyles the
 * page without re-rendering it; the focus ring is part of the theme so that every focusable element
 * shows the same one in both schemes.
 */
import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from './languages';

export const POPOVER = Object.freeze({ marginThreshold: 16, elevation: 8 });

/**
 * Focus ring colours, each at least 3:1 against what it sits on (WCAG 1.4.11): indigo on the light
 * page, pale indigo on the dark page, white on the header's indigo or dark bar.
 */
export const FOCUS_RING = Object.freeze({ light: '#283593', dark: '#c5cae9', onHeader: '#ffffff' });

/**
 * The platform's own UI font, none downloaded: Roboto's two weights were 44 KB of a first load held
 * to 150 KB (#32 item 22). `system-ui` is left out on purpose: on Linux it is often DejaVu Sans,
 * markedly wider than the Roboto the narrow layouts were fitted to, where Arial's metrics (Liberation
 * Sans, Arimo) are close to it.
 */
const UI_FONTS = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
].join(', ');

const FOCUS_OUTLINE = { outline: '3px solid var(--latchkey-focus-ring)', outlineOffset: '2px' } as const;

export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'class' },
      colorSchemes: {
        light: {
          palette: {
            primary: { main: '#3949ab' },
            secondary: { main: '#00796b' },
            // MUI's default red and orange fall short of 4.5:1 on white and grey (axe, WCAG 1.4.3).
            error: { main: '#b71c1c' },
            warning: { main: '#b45309' },
            background: { default: '#fafafa' },
          },
        },
        // Lighter hues: the light scheme's indigo and teal are too dark to read on a dark page.
        dark: {
          palette: { primary: { main: '#9fa8da' }, secondary: { main: '#80cbc4' }, error: { main: '#ef9a9a' } },
        },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: UI_FONTS },
      components: {
        MuiCssBaseline: {
          styleOverrides: (theme) => ({
            ':root': { '--latchkey-focus-ring': FOCUS_RING.light },
            [theme.getColorSchemeSelector('dark')]: { '--latchkey-focus-ring': FOCUS_RING.dark },
            '.MuiAppBar-root': { '--latchkey-focus-ring': FOCUS_RING.onHeader },
            // MUI's own focus cue on a filled button is a faint ripple; an outline outside the
            // element, with a gap of the background between, shows on any fill.
            ':focus-visible, .Mui-focusVisible': FOCUS_OUTLINE,
            // Text inputs show focus by their outlined border already.
            'input:focus-visible, textarea:focus-visible': { outline: 'none' },
          }),
        },
        // ButtonBase resets the outline in its own class, which outranks the global rule above.
        MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': FOCUS_OUTLINE } } },
        MuiPopover: { defaultProps: { marginThreshold: POPOVER.marginThreshold, elevation: POPOVER.elevation } },
        MuiMenu: { defaultProps: { marginThreshold: POPOVER.marginThreshold, elevation: POPOVER.elevation } },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
        MuiButton: { defaultProps: { disableElevation: true } },
      },
    },
    language.mui,
  );
}

/** Where the chosen color scheme (light, dark or system) is remembered. */
export const COLOR_SCHEME_STORAGE_KEY = 'latchkey.colorScheme';
