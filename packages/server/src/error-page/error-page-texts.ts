/**
 * @module The words of the server-rendered error page (error-page/error-page.ts) in each language: the
 * same as the web app's own `/error` page (its `auth:errorPage` texts), so a user sees one page
 * whichever of the two a flow lands on.
 */
import type { ServerLanguage } from '../i18n/request-language';

export interface ErrorPageTexts {
  title: string;
  failed: string;
  code: string;
  home: string;
}

export const ERROR_PAGE_TEXTS: Readonly<Record<ServerLanguage, ErrorPageTexts>> = {
  en: {
    title: 'Something went wrong',
    failed: 'Signing in could not be completed.',
    code: 'Error code:',
    home: 'Return to the application',
  },
  de: {
    title: 'Etwas ist schiefgelaufen',
    failed: 'Die Anmeldung konnte nicht abgeschlossen werden.',
    code: 'Fehlercode:',
    home: 'Zurück zur Anwendung',
  },
  es: {
    title: 'Algo ha salido mal',
    failed: 'No se ha podido completar el inicio de sesión.',
    code: 'Código de error:',
    home: 'Volver a la aplicación',
  },
  fr: {
    title: 'Une erreur s’est produite',
    failed: 'La connexion n’a pas pu aboutir.',
    code: 'Code d’erreur :',
    home: 'Retourner à l’application',
  },
  pl: {
    title: 'Coś poszło nie tak',
    failed: 'Nie udało się dokończyć logowania.',
    code: 'Kod błędu:',
    home: 'Wróć do aplikacji',
  },
  ru: {
    title: 'Что-то пошло не так',
    failed: 'Не удалось завершить вход.',
    code: 'Код ошибки:',
    home: 'Вернуться в приложение',
  },
  tr: {
    title: 'Bir şeyler ters gitti',
    failed: 'Oturum açma tamamlanamadı.',
    code: 'Hata kodu:',
    home: 'Uygulamaya dön',
  },
  uk: {
    title: 'Щось пішло не так',
    failed: 'Не вдалося завершити вхід.',
    code: 'Код помилки:',
    home: 'Повернутися до застосунку',
  },
};
