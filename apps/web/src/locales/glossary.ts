/**
 * @module The key terms' one translation per language, checked by glossary.test.ts: wherever
 * an English text names a term, its translation names the language's word for it. Not loaded by
 * the app; translators read it before adding a text.
 *
 * Each language lists lower-case stems, not whole words, because most of these languages inflect
 * (ru "аккаунт", "аккаунта", "аккаунтом"; tr "oturum açın", "oturum açtınız"). A text passes if it
 * contains one of its term's stems; a second stem is a form the first does not cover (de
 * "anmelden" / "angemeldet"), never a synonym.
 */

export const GLOSSARY_TERMS = [
  'signIn',
  'signUp',
  'signOut',
  'account',
  'organization',
  'member',
  'session',
  'password',
  'email',
] as const;
export type GlossaryTerm = (typeof GLOSSARY_TERMS)[number];

/**
 * How an English text names each term (placeholders are left out first). A `sign-in provider` is a
 * sign-in too. Left out on purpose, as the languages say them with their own idiom: the states
 * "signed in" / "signed out" (ru "в системе"), "a member of" (pl "należysz do"), and "e-mail" for
 * the message rather than the address (ru "письмо"; the field label is held to one translation by
 * the test's other half).
 */
export const ENGLISH_TERMS: Readonly<Record<GlossaryTerm, RegExp>> = {
  signIn: /\bsign(?:s|ing)?[- ]in\b/i,
  signUp: /\bsign(?:s|ed|ing)?[- ]up\b/i,
  signOut: /\bsign(?:s|ing)?[- ]out\b/i,
  account: /\baccounts?\b/i,
  organization: /\borganizations?\b/i,
  member: /\bmembers?\b(?! of)/i,
  session: /\bsessions?\b/i,
  password: /\bpasswords?\b/i,
  email: /\be-mail address(?:es)?\b/i,
};

export const GLOSSARY: Readonly<Record<string, Readonly<Record<GlossaryTerm, readonly string[]>>>> = {
  de: {
    signIn: ['anmeld', 'angemeldet', 'anzumeld', 'melden sie sich', 'melden sich'],
    signUp: ['registrier'],
    signOut: ['abmeld', 'abgemeldet', 'melden sie sich ab'],
    account: ['konto', 'konten'],
    organization: ['organisation'],
    member: ['mitglied'],
    session: ['sitzung'],
    password: ['passwort', 'passwört'],
    email: ['e-mail'],
  },
  es: {
    signIn: ['inicia', 'inicio de sesión', 'iniciado sesión', 'inicies sesión'],
    signUp: ['regist', 'regíst'],
    signOut: ['cerr', 'cierr'],
    account: ['cuenta'],
    organization: ['organizaci'],
    member: ['miembro'],
    session: ['sesi'],
    password: ['contraseña'],
    email: ['correo'],
  },
  fr: {
    signIn: ['connect', 'connexion'],
    signUp: ['inscri'],
    signOut: ['déconnect', 'déconnexion'],
    account: ['compte'],
    organization: ['organisation'],
    member: ['membre'],
    session: ['session'],
    password: ['mot de passe', 'mots de passe'],
    email: ['e-mail'],
  },
  pl: {
    signIn: ['zalog', 'logow', 'loguj'],
    signUp: ['rejestr'],
    signOut: ['wylog'],
    account: ['kont'],
    organization: ['organizac'],
    member: ['członk', 'członek'],
    session: ['sesj', 'sesji'],
    password: ['hasł', 'haseł'],
    email: ['e-mail'],
  },
  ru: {
    signIn: ['вход', 'войт', 'войд', 'вошл', 'вошли', 'вошёл'],
    signUp: ['регистр'],
    signOut: ['выйт', 'выход', 'выйд', 'вышл'],
    account: ['аккаунт'],
    organization: ['организаци'],
    member: ['участник'],
    session: ['сеанс'],
    password: ['парол'],
    email: ['эл. почт', 'электронной почт'],
  },
  tr: {
    signIn: ['oturum aç', 'oturum açı'],
    signUp: ['kaydol', 'kayıt'],
    signOut: ['oturumu kapat', 'oturum kapat', 'oturumunuz kapat', 'oturumlar kapat'],
    account: ['hesap', 'hesab'],
    organization: ['kuruluş'],
    member: ['üye'],
    session: ['oturum'],
    password: ['parola'],
    email: ['e-posta'],
  },
  uk: {
    signIn: ['вхід', 'вход', 'увійт', 'увійд', 'увійш', 'ввійт', 'ввійш'],
    signUp: ['реєстр'],
    signOut: ['вийт', 'вихід', 'виходу', 'вийд', 'вийш'],
    account: ['обліков'],
    organization: ['організаці'],
    member: ['учасник'],
    session: ['сеанс'],
    password: ['парол'],
    email: ['ел. пошт', 'електронної пошт'],
  },
};
