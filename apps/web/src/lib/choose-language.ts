/**
 * @module Choosing a language: the app switches at once, and for a signed-in user the choice is
 * also saved on the account (POST /update-user {language}), since the server writes that user's
 * mails in the stored language whatever screen asks for them. Not while impersonating: an admin's
 * screen language is not the user's. Answers the save, which the header's menu leaves to itself.
 */
import { useAuthClient, useSession } from './auth';
import { useLanguage } from './language-context';
import type { Language } from './languages';
import { unwrap } from './unwrap';

export function useChooseLanguage(): (language: Language) => Promise<void> {
  const { setLanguage } = useLanguage();
  const client = useAuthClient();
  const session = useSession().data;
  return async (language) => {
    setLanguage(language);
    if (!session || session.session.impersonatedBy || session.user.language === language.tag) return;
    await unwrap(client.updateUser({ language: language.tag }));
  };
}
