/**
 * @module The language section (/account): one choice for the app and for the mails the server
 * sends this user, saved on the account as soon as it is picked. It shows the stored language, or
 * the app's while none is stored (the language this app's requests name, so the mails' too).
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { useSession, type AppError } from '../../../lib/auth';
import { useChooseLanguage } from '../../../lib/choose-language';
import { useLanguage } from '../../../lib/language-context';
import { LANGUAGES } from '../../../lib/languages';
import { clientErrorOf } from '../../../lib/unwrap';
import { AccountSection } from './account-section';

export function LanguageSection() {
  const { t, i18n } = useTranslation('account');
  const user = useSession().data?.user;
  const { language } = useLanguage();
  const chooseLanguage = useChooseLanguage();
  const toast = useToast();
  const [error, setError] = useState<AppError | null>(null);
  if (!user) return null;
  const stored = LANGUAGES.find((option) => option.tag === user.language) ?? language;

  const onChange = async (tag: string) => {
    const next = LANGUAGES.find((option) => option.tag === tag);
    if (!next) return;
    setError(null);
    try {
      await chooseLanguage(next);
      // Said in the language just chosen: `t` still speaks the one this render had.
      toast({ message: i18n.t('common:saved') });
    } catch (failure) {
      setError(clientErrorOf(failure));
    }
  };

  return (
    <AccountSection title={t('language.title')} description={t('language.description')}>
      <TextField
        select
        label={t('language.title')}
        value={stored.tag}
        onChange={(event) => void onChange(event.target.value)}
        sx={{ minWidth: 240 }}
        data-testid="account-language"
      >
        {LANGUAGES.map((option) => (
          <MenuItem key={option.id} value={option.tag} lang={option.tag}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <ServerError error={error} />
    </AccountSection>
  );
}
