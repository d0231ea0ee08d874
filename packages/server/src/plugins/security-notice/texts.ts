/**
 * @module The notices' words in each of the server's languages: a subject and a sentence per
 * notice, and what every notice shares (the labels of when, device and address, the link, the footer).
 */
import type { ServerLanguage } from '../../plugin';
import type { SecurityNotice } from './options';

export interface NoticeTexts {
  greeting(name: string): string;
  notices: Readonly<Record<SecurityNotice, { subject: string; body: string }>>;
  /** `When: …, device: …, IP address: …`. */
  details(when: string, device: string, ip: string): string;
  unknown: string;
  action: string;
  footer: string;
}

export const NOTICE_TEXTS: Readonly<Record<ServerLanguage, NoticeTexts>> = {
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    notices: {
      'new-browser-sign-in': {
        subject: 'New sign-in to your account',
        body: 'Your account was signed in to from a new browser.',
      },
      'password-changed': { subject: 'Your password was changed', body: 'The password of your account was changed.' },
      'password-reset': { subject: 'Your password was reset', body: 'The password of your account was reset.' },
      'email-change-requested': {
        subject: 'E-mail change requested',
        body: 'Someone asked to change the e-mail address of your account.',
      },
      'two-factor-enabled': {
        subject: 'Two-factor authentication turned on',
        body: 'Two-factor authentication was turned on for your account.',
      },
      'two-factor-disabled': {
        subject: 'Two-factor authentication turned off',
        body: 'Two-factor authentication was turned off for your account.',
      },
      'two-factor-reset': {
        subject: 'Two-factor authentication reset',
        body: 'An administrator turned off two-factor authentication for your account.',
      },
      'passkey-added': { subject: 'A passkey was added', body: 'A passkey was added to your account.' },
      'account-linked': {
        subject: 'An account was linked',
        body: 'A sign-in account of another provider was linked to your account.',
      },
      'user-banned': { subject: 'Your account was suspended', body: 'An administrator suspended your account.' },
      'user-unbanned': {
        subject: 'Your account was restored',
        body: 'An administrator lifted the suspension of your account.',
      },
    },
    details: (when, device, ip) => `When: ${when}. Device: ${device}. IP address: ${ip}.`,
    unknown: 'unknown',
    action: 'This wasn’t me: sign out everywhere and reset my password',
    footer: 'If it was you, there is nothing to do.',
  },
  de: {
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    notices: {
      'new-browser-sign-in': {
        subject: 'Neue Anmeldung bei Ihrem Konto',
        body: 'Bei Ihrem Konto wurde sich von einem neuen Browser aus angemeldet.',
      },
      'password-changed': { subject: 'Ihr Passwort wurde geändert', body: 'Das Passwort Ihres Kontos wurde geändert.' },
      'password-reset': {
        subject: 'Ihr Passwort wurde zurückgesetzt',
        body: 'Das Passwort Ihres Kontos wurde zurückgesetzt.',
      },
      'email-change-requested': {
        subject: 'Änderung der E-Mail-Adresse angefordert',
        body: 'Jemand möchte die E-Mail-Adresse Ihres Kontos ändern.',
      },
      'two-factor-enabled': {
        subject: 'Zwei-Faktor-Authentifizierung eingeschaltet',
        body: 'Für Ihr Konto wurde die Zwei-Faktor-Authentifizierung eingeschaltet.',
      },
      'two-factor-disabled': {
        subject: 'Zwei-Faktor-Authentifizierung ausgeschaltet',
        body: 'Für Ihr Konto wurde die Zwei-Faktor-Authentifizierung ausgeschaltet.',
      },
      'two-factor-reset': {
        subject: 'Zwei-Faktor-Authentifizierung zurückgesetzt',
        body: 'Ein Administrator hat die Zwei-Faktor-Authentifizierung Ihres Kontos ausgeschaltet.',
      },
      'passkey-added': { subject: 'Ein Passkey wurde hinzugefügt', body: 'Ihrem Konto wurde ein Passkey hinzugefügt.' },
      'account-linked': {
        subject: 'Ein Konto wurde verknüpft',
        body: 'Ein Konto eines anderen Anbieters wurde mit Ihrem Konto verknüpft.',
      },
      'user-banned': { subject: 'Ihr Konto wurde gesperrt', body: 'Ein Administrator hat Ihr Konto gesperrt.' },
      'user-unbanned': {
        subject: 'Ihr Konto wurde entsperrt',
        body: 'Ein Administrator hat die Sperre Ihres Kontos aufgehoben.',
      },
    },
    details: (when, device, ip) => `Zeitpunkt: ${when}. Gerät: ${device}. IP-Adresse: ${ip}.`,
    unknown: 'unbekannt',
    action: 'Das war ich nicht: überall abmelden und Passwort zurücksetzen',
    footer: 'Wenn Sie es waren, ist nichts zu tun.',
  },
  es: {
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    notices: {
      'new-browser-sign-in': {
        subject: 'Nuevo inicio de sesión en tu cuenta',
        body: 'Se inició sesión en tu cuenta desde un navegador nuevo.',
      },
      'password-changed': { subject: 'Tu contraseña ha cambiado', body: 'Se cambió la contraseña de tu cuenta.' },
      'password-reset': {
        subject: 'Tu contraseña se ha restablecido',
        body: 'Se restableció la contraseña de tu cuenta.',
      },
      'email-change-requested': {
        subject: 'Cambio de correo solicitado',
        body: 'Alguien pidió cambiar la dirección de correo de tu cuenta.',
      },
      'two-factor-enabled': {
        subject: 'Verificación en dos pasos activada',
        body: 'Se activó la verificación en dos pasos en tu cuenta.',
      },
      'two-factor-disabled': {
        subject: 'Verificación en dos pasos desactivada',
        body: 'Se desactivó la verificación en dos pasos en tu cuenta.',
      },
      'two-factor-reset': {
        subject: 'Verificación en dos pasos restablecida',
        body: 'Un administrador desactivó la verificación en dos pasos de tu cuenta.',
      },
      'passkey-added': { subject: 'Se añadió una llave de acceso', body: 'Se añadió una llave de acceso a tu cuenta.' },
      'account-linked': {
        subject: 'Se vinculó una cuenta',
        body: 'Se vinculó a tu cuenta una cuenta de otro proveedor.',
      },
      'user-banned': { subject: 'Tu cuenta ha sido suspendida', body: 'Un administrador suspendió tu cuenta.' },
      'user-unbanned': {
        subject: 'Tu cuenta ha sido restablecida',
        body: 'Un administrador levantó la suspensión de tu cuenta.',
      },
    },
    details: (when, device, ip) => `Cuándo: ${when}. Dispositivo: ${device}. Dirección IP: ${ip}.`,
    unknown: 'desconocido',
    action: 'No fui yo: cerrar todas las sesiones y restablecer mi contraseña',
    footer: 'Si fuiste tú, no tienes que hacer nada.',
  },
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    notices: {
      'new-browser-sign-in': {
        subject: 'Nouvelle connexion à votre compte',
        body: 'Une connexion à votre compte a eu lieu depuis un nouveau navigateur.',
      },
      'password-changed': {
        subject: 'Votre mot de passe a été modifié',
        body: 'Le mot de passe de votre compte a été modifié.',
      },
      'password-reset': {
        subject: 'Votre mot de passe a été réinitialisé',
        body: 'Le mot de passe de votre compte a été réinitialisé.',
      },
      'email-change-requested': {
        subject: 'Changement d’adresse e-mail demandé',
        body: 'Quelqu’un a demandé à changer l’adresse e-mail de votre compte.',
      },
      'two-factor-enabled': {
        subject: 'Authentification à deux facteurs activée',
        body: 'L’authentification à deux facteurs a été activée sur votre compte.',
      },
      'two-factor-disabled': {
        subject: 'Authentification à deux facteurs désactivée',
        body: 'L’authentification à deux facteurs a été désactivée sur votre compte.',
      },
      'two-factor-reset': {
        subject: 'Authentification à deux facteurs réinitialisée',
        body: 'Un administrateur a désactivé l’authentification à deux facteurs de votre compte.',
      },
      'passkey-added': {
        subject: 'Une clé d’accès a été ajoutée',
        body: 'Une clé d’accès a été ajoutée à votre compte.',
      },
      'account-linked': {
        subject: 'Un compte a été associé',
        body: 'Un compte d’un autre fournisseur a été associé à votre compte.',
      },
      'user-banned': { subject: 'Votre compte a été suspendu', body: 'Un administrateur a suspendu votre compte.' },
      'user-unbanned': {
        subject: 'Votre compte a été rétabli',
        body: 'Un administrateur a levé la suspension de votre compte.',
      },
    },
    details: (when, device, ip) => `Quand : ${when}. Appareil : ${device}. Adresse IP : ${ip}.`,
    unknown: 'inconnu',
    action: 'Ce n’était pas moi : me déconnecter partout et réinitialiser mon mot de passe',
    footer: 'Si c’était vous, il n’y a rien à faire.',
  },
  pl: {
    greeting: (name) => (name ? `Witaj ${name},` : 'Witaj,'),
    notices: {
      'new-browser-sign-in': {
        subject: 'Nowe logowanie na Twoje konto',
        body: 'Na Twoje konto zalogowano się z nowej przeglądarki.',
      },
      'password-changed': { subject: 'Twoje hasło zostało zmienione', body: 'Hasło Twojego konta zostało zmienione.' },
      'password-reset': {
        subject: 'Twoje hasło zostało zresetowane',
        body: 'Hasło Twojego konta zostało zresetowane.',
      },
      'email-change-requested': {
        subject: 'Prośba o zmianę adresu e-mail',
        body: 'Ktoś poprosił o zmianę adresu e-mail Twojego konta.',
      },
      'two-factor-enabled': {
        subject: 'Włączono uwierzytelnianie dwuskładnikowe',
        body: 'Na Twoim koncie włączono uwierzytelnianie dwuskładnikowe.',
      },
      'two-factor-disabled': {
        subject: 'Wyłączono uwierzytelnianie dwuskładnikowe',
        body: 'Na Twoim koncie wyłączono uwierzytelnianie dwuskładnikowe.',
      },
      'two-factor-reset': {
        subject: 'Zresetowano uwierzytelnianie dwuskładnikowe',
        body: 'Administrator wyłączył uwierzytelnianie dwuskładnikowe Twojego konta.',
      },
      'passkey-added': { subject: 'Dodano klucz dostępu', body: 'Do Twojego konta dodano klucz dostępu.' },
      'account-linked': { subject: 'Połączono konto', body: 'Z Twoim kontem połączono konto innego dostawcy.' },
      'user-banned': { subject: 'Twoje konto zostało zablokowane', body: 'Administrator zablokował Twoje konto.' },
      'user-unbanned': {
        subject: 'Twoje konto zostało odblokowane',
        body: 'Administrator zdjął blokadę z Twojego konta.',
      },
    },
    details: (when, device, ip) => `Kiedy: ${when}. Urządzenie: ${device}. Adres IP: ${ip}.`,
    unknown: 'nieznane',
    action: 'To nie ja: wyloguj wszędzie i zresetuj moje hasło',
    footer: 'Jeśli to Ty, nic nie musisz robić.',
  },
  ru: {
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    notices: {
      'new-browser-sign-in': { subject: 'Новый вход в ваш аккаунт', body: 'В ваш аккаунт вошли из нового браузера.' },
      'password-changed': { subject: 'Ваш пароль изменён', body: 'Пароль вашего аккаунта был изменён.' },
      'password-reset': { subject: 'Ваш пароль сброшен', body: 'Пароль вашего аккаунта был сброшен.' },
      'email-change-requested': {
        subject: 'Запрошена смена адреса e-mail',
        body: 'Кто-то запросил смену адреса e-mail вашего аккаунта.',
      },
      'two-factor-enabled': {
        subject: 'Двухфакторная аутентификация включена',
        body: 'Для вашего аккаунта включена двухфакторная аутентификация.',
      },
      'two-factor-disabled': {
        subject: 'Двухфакторная аутентификация выключена',
        body: 'Для вашего аккаунта выключена двухфакторная аутентификация.',
      },
      'two-factor-reset': {
        subject: 'Двухфакторная аутентификация сброшена',
        body: 'Администратор выключил двухфакторную аутентификацию вашего аккаунта.',
      },
      'passkey-added': { subject: 'Добавлен ключ доступа', body: 'К вашему аккаунту добавлен ключ доступа.' },
      'account-linked': { subject: 'Привязан аккаунт', body: 'К вашему аккаунту привязан аккаунт другого провайдера.' },
      'user-banned': { subject: 'Ваш аккаунт заблокирован', body: 'Администратор заблокировал ваш аккаунт.' },
      'user-unbanned': {
        subject: 'Ваш аккаунт разблокирован',
        body: 'Администратор снял блокировку с вашего аккаунта.',
      },
    },
    details: (when, device, ip) => `Когда: ${when}. Устройство: ${device}. IP-адрес: ${ip}.`,
    unknown: 'неизвестно',
    action: 'Это был не я: выйти везде и сбросить пароль',
    footer: 'Если это были вы, ничего делать не нужно.',
  },
  tr: {
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    notices: {
      'new-browser-sign-in': {
        subject: 'Hesabınıza yeni giriş',
        body: 'Hesabınıza yeni bir tarayıcıdan giriş yapıldı.',
      },
      'password-changed': { subject: 'Parolanız değiştirildi', body: 'Hesabınızın parolası değiştirildi.' },
      'password-reset': { subject: 'Parolanız sıfırlandı', body: 'Hesabınızın parolası sıfırlandı.' },
      'email-change-requested': {
        subject: 'E-posta değişikliği istendi',
        body: 'Birisi hesabınızın e-posta adresini değiştirmek istedi.',
      },
      'two-factor-enabled': {
        subject: 'İki adımlı doğrulama açıldı',
        body: 'Hesabınız için iki adımlı doğrulama açıldı.',
      },
      'two-factor-disabled': {
        subject: 'İki adımlı doğrulama kapatıldı',
        body: 'Hesabınız için iki adımlı doğrulama kapatıldı.',
      },
      'two-factor-reset': {
        subject: 'İki adımlı doğrulama sıfırlandı',
        body: 'Bir yönetici hesabınızın iki adımlı doğrulamasını kapattı.',
      },
      'passkey-added': { subject: 'Bir geçiş anahtarı eklendi', body: 'Hesabınıza bir geçiş anahtarı eklendi.' },
      'account-linked': { subject: 'Bir hesap bağlandı', body: 'Hesabınıza başka bir sağlayıcının hesabı bağlandı.' },
      'user-banned': { subject: 'Hesabınız askıya alındı', body: 'Bir yönetici hesabınızı askıya aldı.' },
      'user-unbanned': {
        subject: 'Hesabınız yeniden açıldı',
        body: 'Bir yönetici hesabınızın askıya alınmasını kaldırdı.',
      },
    },
    details: (when, device, ip) => `Zaman: ${when}. Cihaz: ${device}. IP adresi: ${ip}.`,
    unknown: 'bilinmiyor',
    action: 'Bu ben değildim: her yerde oturumu kapat ve parolamı sıfırla',
    footer: 'Bu sizseniz yapmanız gereken bir şey yok.',
  },
  uk: {
    greeting: (name) => (name ? `Вітаємо, ${name}!` : 'Вітаємо!'),
    notices: {
      'new-browser-sign-in': {
        subject: 'Новий вхід до вашого облікового запису',
        body: 'До вашого облікового запису увійшли з нового браузера.',
      },
      'password-changed': { subject: 'Ваш пароль змінено', body: 'Пароль вашого облікового запису було змінено.' },
      'password-reset': { subject: 'Ваш пароль скинуто', body: 'Пароль вашого облікового запису було скинуто.' },
      'email-change-requested': {
        subject: 'Запит на зміну адреси e-mail',
        body: 'Хтось попросив змінити адресу e-mail вашого облікового запису.',
      },
      'two-factor-enabled': {
        subject: 'Двофакторну автентифікацію увімкнено',
        body: 'Для вашого облікового запису увімкнено двофакторну автентифікацію.',
      },
      'two-factor-disabled': {
        subject: 'Двофакторну автентифікацію вимкнено',
        body: 'Для вашого облікового запису вимкнено двофакторну автентифікацію.',
      },
      'two-factor-reset': {
        subject: 'Двофакторну автентифікацію скинуто',
        body: 'Адміністратор вимкнув двофакторну автентифікацію вашого облікового запису.',
      },
      'passkey-added': { subject: 'Додано ключ доступу', body: 'До вашого облікового запису додано ключ доступу.' },
      'account-linked': {
        subject: 'Привʼязано обліковий запис',
        body: 'До вашого облікового запису привʼязано обліковий запис іншого провайдера.',
      },
      'user-banned': {
        subject: 'Ваш обліковий запис заблоковано',
        body: 'Адміністратор заблокував ваш обліковий запис.',
      },
      'user-unbanned': {
        subject: 'Ваш обліковий запис розблоковано',
        body: 'Адміністратор зняв блокування з вашого облікового запису.',
      },
    },
    details: (when, device, ip) => `Коли: ${when}. Пристрій: ${device}. IP-адреса: ${ip}.`,
    unknown: 'невідомо',
    action: 'Це був не я: вийти всюди й скинути пароль',
    footer: 'Якщо це були ви, нічого робити не потрібно.',
  },
};
