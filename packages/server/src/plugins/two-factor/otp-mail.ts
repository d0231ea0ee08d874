/**
 * @module The mail of a two-factor code (send-otp), laid out by the engine's renderMail in the
 * language of the request, in each of the server's languages. It carries the code only, no link:
 * the code is typed into the page that asked for it.
 */
import { nameForMail, renderMail, type MailMessage, type ServerLanguage } from '../../plugin';

interface OtpMailTexts {
  subject: string;
  greeting(name: string): string;
  body(minutes: number): string;
  footer: string;
}

export const OTP_MAIL_TEXTS: Readonly<Record<ServerLanguage, OtpMailTexts>> = {
  en: {
    subject: 'Your sign-in code',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (minutes) => `Enter this code to finish signing in. It is valid for ${minutes} minutes.`,
    footer: 'If you did not try to sign in, change your password: someone else knows it.',
  },
  de: {
    subject: 'Ihr Anmeldecode',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: (minutes) => `Geben Sie diesen Code ein, um die Anmeldung abzuschließen. Er gilt ${minutes} Minuten.`,
    footer: 'Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort: Jemand anderes kennt es.',
  },
  es: {
    subject: 'Tu código de inicio de sesión',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: (minutes) => `Introduce este código para terminar de iniciar sesión. Es válido durante ${minutes} minutos.`,
    footer: 'Si no intentaste iniciar sesión, cambia tu contraseña: otra persona la conoce.',
  },
  fr: {
    subject: 'Votre code de connexion',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (minutes) => `Saisissez ce code pour terminer la connexion. Il est valable ${minutes} minutes.`,
    footer: "Si vous n'avez pas tenté de vous connecter, changez votre mot de passe : quelqu'un d'autre le connaît.",
  },
  pl: {
    subject: 'Twój kod logowania',
    greeting: (name) => (name ? `Witaj ${name},` : 'Witaj,'),
    body: (minutes) => `Wpisz ten kod, aby dokończyć logowanie. Jest ważny przez ${minutes} min.`,
    footer: 'Jeśli to nie Ty próbujesz się zalogować, zmień hasło: ktoś inny je zna.',
  },
  ru: {
    subject: 'Ваш код для входа',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: (minutes) => `Введите этот код, чтобы завершить вход. Он действует ${minutes} мин.`,
    footer: 'Если вы не пытались войти, смените пароль: его знает кто-то другой.',
  },
  tr: {
    subject: 'Giriş kodunuz',
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    body: (minutes) => `Girişi tamamlamak için bu kodu girin. Kod ${minutes} dakika geçerlidir.`,
    footer: 'Giriş yapmaya çalışan siz değilseniz parolanızı değiştirin: başka biri onu biliyor.',
  },
  uk: {
    subject: 'Ваш код для входу',
    greeting: (name) => (name ? `Вітаємо, ${name}!` : 'Вітаємо!'),
    body: (minutes) => `Введіть цей код, щоб завершити вхід. Він дійсний ${minutes} хв.`,
    footer: 'Якщо ви не намагалися увійти, змініть пароль: його знає хтось інший.',
  },
};

export function otpMail(
  to: string,
  name: string,
  code: string,
  minutes: number,
  language: ServerLanguage,
): Promise<MailMessage> {
  const words = OTP_MAIL_TEXTS[language];
  return renderMail(
    to,
    {
      subject: words.subject,
      greeting: words.greeting(nameForMail(name)),
      body: words.body(minutes),
      code,
      footer: words.footer,
    },
    language,
  );
}
