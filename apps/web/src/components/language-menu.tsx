/**
 * @module The language picker in the header: the languages by their own names. For a signed-in
 * user the pick is saved on the account too (lib/choose-language.ts), so mails follow it; a save
 * that fails leaves the screen switched and is logged, since Account shows and retries the setting.
 */
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseLanguage } from '../lib/choose-language';
import { useLanguage } from '../lib/language-context';
import { LANGUAGES } from '../lib/languages';

export function LanguageMenu() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const chooseLanguage = useChooseLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        color="inherit"
        // The visible code is part of the name, so speech input users can say what they see.
        aria-label={`${t('language.choose')}: ${language.tag.toUpperCase()}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        data-testid="language-menu"
        sx={{ minWidth: 40 }}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {language.tag.toUpperCase()}
      </Button>
      {/* Inside the header's landmark, not portalled to the end of the body (axe: region). */}
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} disablePortal onClose={() => setAnchor(null)}>
        {LANGUAGES.map((option) => (
          <MenuItem
            key={option.id}
            lang={option.tag}
            selected={option.id === language.id}
            data-language-id={option.id}
            onClick={() => {
              setAnchor(null);
              chooseLanguage(option).catch((error: unknown) => console.warn('Could not save the language', error));
            }}
          >
            {option.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
