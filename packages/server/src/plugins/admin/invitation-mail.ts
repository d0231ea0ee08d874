/**
 * @module The mail of create-user's invitation: the account exists, and a link (a reset-password
 * token of its own lifetime) lets the user choose a first password. Laid out by the engine's
 * renderMail in the admin's language, as the organization's invitation is in the inviter's: the
 * user has never chosen one.
 */
import { nameForMail, renderMail, type MailMessage, type ServerLanguage } from '../../plugin';

interface InvitationMailTexts {
  subject(site: string): string;
  greeting(name: string): string;
  body(site: string, days: number): string;
  action: string;
  footer: string;
}

export const INVITATION_MAIL_TEXTS: Readonly<Record<ServerLanguage, InvitationMailTexts>> = {
  en: {
    subject: (site) => `You have an account at ${site}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (site, days) =>
      `An administrator created an account for you at ${site}. Set your password to start using it. The link works once, for ${days} days.`,
    action: 'Set your password',
    footer: 'If you did not expect this account, ignore this mail: nobody can sign in to it without a password.',
  },
  de: {
    subject: (site) => `Sie haben ein Konto bei ${site}`,
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: (site, days) =>
      `Ein Administrator hat bei ${site} ein Konto für Sie angelegt. Legen Sie Ihr Passwort fest, um es zu nutzen. Der Link funktioniert einmal, ${days} Tage lang.`,
    action: 'Passwort festlegen',
    footer:
      'Wenn Sie dieses Konto nicht erwartet haben, ignorieren Sie diese Mail: Ohne Passwort kann sich niemand anmelden.',
  },
  es: {
    subject: (site) => `Tienes una cuenta en ${site}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: (site, days) =>
      `Un administrador ha creado una cuenta para ti en ${site}. Elige tu contraseña para empezar a usarla. El enlace funciona una vez, durante ${days} días.`,
    action: 'Elegir la contraseña',
    footer: 'Si no esperabas esta cuenta, ignora este correo: nadie puede iniciar sesión sin contraseña.',
  },
  fr: {
    subject: (site) => `Vous avez un compte sur ${site}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (site, days) =>
      `Un administrateur vous a créé un compte sur ${site}. Choisissez votre mot de passe pour commencer à l'utiliser. Le lien fonctionne une fois, pendant ${days} jours.`,
    action: 'Choisir le mot de passe',
    footer: "Si vous n'attendiez pas ce compte, ignorez ce message : personne ne peut s'y connecter sans mot de passe.",
  },
  pl: {
    subject: (site) => `Masz konto w ${site}`,
    greeting: (name) => (name ? `Witaj ${name},` : 'Witaj,'),
    body: (site, days) =>
      `Administrator utworzył dla Ciebie konto w ${site}. Ustaw hasło, aby zacząć z niego korzystać. Link działa raz, przez ${days} dni.`,
    action: 'Ustaw hasło',
    footer: 'Jeśli nie spodziewasz się tego konta, zignoruj tę wiadomość: bez hasła nikt się na nie nie zaloguje.',
  },
  ru: {
    subject: (site) => `У вас есть аккаунт на ${site}`,
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: (site, days) =>
      `Администратор создал для вас аккаунт на ${site}. Задайте пароль, чтобы начать им пользоваться. Ссылка работает один раз, ${days} дн.`,
    action: 'Задать пароль',
    footer: 'Если вы не ждали этого аккаунта, не обращайте внимания на письмо: без пароля в него никто не войдёт.',
  },
  tr: {
    subject: (site) => `${site} üzerinde bir hesabınız var`,
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    body: (site, days) =>
      `Bir yönetici sizin için ${site} üzerinde bir hesap oluşturdu. Kullanmaya başlamak için parolanızı belirleyin. Bağlantı bir kez, ${days} gün boyunca çalışır.`,
    action: 'Parolanızı belirleyin',
    footer: 'Bu hesabı beklemiyorsanız bu e-postayı yok sayın: parola olmadan kimse giriş yapamaz.',
  },
  uk: {
    subject: (site) => `У вас є обліковий запис на ${site}`,
    greeting: (name) => (name ? `Вітаємо, ${name}!` : 'Вітаємо!'),
    body: (site, days) =>
      `Адміністратор створив для вас обліковий запис на ${site}. Задайте пароль, щоб почати ним користуватися. Посилання працює один раз, ${days} дн.`,
    action: 'Задати пароль',
    footer: 'Якщо ви не чекали цього облікового запису, не зважайте на лист: без пароля до нього ніхто не увійде.',
  },
};

export function invitationMail(
  to: string,
  name: string,
  { site, url, expiresIn }: { site: string; url: string; expiresIn: number },
  language: ServerLanguage,
): Promise<MailMessage> {
  const words = INVITATION_MAIL_TEXTS[language];
  return renderMail(
    to,
    {
      subject: words.subject(site),
      greeting: words.greeting(nameForMail(name)),
      body: words.body(site, Math.max(1, Math.round(expiresIn / 86_400))),
      action: words.action,
      url,
      footer: words.footer,
    },
    language,
  );
}
