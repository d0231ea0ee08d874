/**
 * @module The words of RP-initiated logout's two pages (logout-pages.ts) in the web app's eight
 * languages, chosen by the request's Accept-Language as the error page's are. "Sign out" is the
 * web app's own word for it in each language (its `common:nav.signOut`).
 */
import type { ServerLanguage } from '../../../plugin';

export interface LogoutTexts {
  /** The confirmation page's title and its button. */
  signOut: string;
  confirmHeading: string;
  confirmQuestion: string;
  signedOutTitle: string;
  signedOut: string;
  redirectRefused: string;
}

export const LOGOUT_TEXTS: Readonly<Record<ServerLanguage, LogoutTexts>> = {
  en: {
    signOut: 'Sign out',
    confirmHeading: 'Sign out?',
    confirmQuestion: 'Do you want to sign out of this account?',
    signedOutTitle: 'Signed out',
    signedOut: 'You are signed out.',
    redirectRefused: 'The application’s return address is not registered, so you stay here.',
  },
  de: {
    signOut: 'Abmelden',
    confirmHeading: 'Abmelden?',
    confirmQuestion: 'Möchten Sie sich von diesem Konto abmelden?',
    signedOutTitle: 'Abgemeldet',
    signedOut: 'Sie sind abgemeldet.',
    redirectRefused: 'Die Rücksprungadresse der Anwendung ist nicht registriert, daher bleiben Sie hier.',
  },
  es: {
    signOut: 'Cerrar sesión',
    confirmHeading: '¿Cerrar sesión?',
    confirmQuestion: '¿Quieres cerrar la sesión de esta cuenta?',
    signedOutTitle: 'Sesión cerrada',
    signedOut: 'Has cerrado la sesión.',
    redirectRefused: 'La dirección de retorno de la aplicación no está registrada, así que te quedas aquí.',
  },
  fr: {
    signOut: 'Se déconnecter',
    confirmHeading: 'Se déconnecter ?',
    confirmQuestion: 'Voulez-vous vous déconnecter de ce compte ?',
    signedOutTitle: 'Déconnecté',
    signedOut: 'Vous êtes déconnecté.',
    redirectRefused: 'L’adresse de retour de l’application n’est pas enregistrée : vous restez ici.',
  },
  pl: {
    signOut: 'Wyloguj się',
    confirmHeading: 'Wylogować się?',
    confirmQuestion: 'Czy chcesz wylogować się z tego konta?',
    signedOutTitle: 'Wylogowano',
    signedOut: 'Wylogowano Cię.',
    redirectRefused: 'Adres powrotu aplikacji nie jest zarejestrowany, więc zostajesz tutaj.',
  },
  ru: {
    signOut: 'Выйти',
    confirmHeading: 'Выйти?',
    confirmQuestion: 'Выйти из этого аккаунта?',
    signedOutTitle: 'Выход выполнен',
    signedOut: 'Вы вышли из системы.',
    redirectRefused: 'Адрес возврата приложения не зарегистрирован, поэтому вы остаётесь здесь.',
  },
  tr: {
    signOut: 'Oturumu kapat',
    confirmHeading: 'Oturum kapatılsın mı?',
    confirmQuestion: 'Bu hesaptaki oturumunuzu kapatmak istiyor musunuz?',
    signedOutTitle: 'Oturum kapatıldı',
    signedOut: 'Oturumunuz kapatıldı.',
    redirectRefused: 'Uygulamanın dönüş adresi kayıtlı değil, bu yüzden burada kalıyorsunuz.',
  },
  uk: {
    signOut: 'Вийти',
    confirmHeading: 'Вийти?',
    confirmQuestion: 'Вийти з цього облікового запису?',
    signedOutTitle: 'Вихід виконано',
    signedOut: 'Ви вийшли з системи.',
    redirectRefused: 'Адресу повернення застосунку не зареєстровано, тому ви залишаєтеся тут.',
  },
};
