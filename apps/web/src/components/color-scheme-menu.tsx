/**
 * @module The header's color scheme picker: light, dark, or the system's setting (the default).
 * MUI's ThemeProvider remembers the choice in localStorage and follows the system's
 * prefers-color-scheme while "system" is chosen.
 */
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEME_ICONS, type SchemeMode } from './color-scheme-icons';

const MODES: readonly SchemeMode[] = ['light', 'dark', 'system'];

export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current: SchemeMode = mode ?? 'system';
  const CurrentIcon = SCHEME_ICONS[current];
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('shell.colorScheme.choose', { current: t(`shell.colorScheme.${current}`) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        data-testid="color-scheme-menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <CurrentIcon />
      </IconButton>
      {/* Inside the header's landmark, not portalled to the end of the body (axe: region). */}
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} disablePortal onClose={() => setAnchor(null)}>
        {MODES.map((option) => {
          const Icon = SCHEME_ICONS[option];
          return (
            <MenuItem
              key={option}
              selected={option === current}
              data-mode={option}
              onClick={() => {
                setMode(option);
                setAnchor(null);
              }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(`shell.colorScheme.${option}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
