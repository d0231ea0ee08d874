import type { MailTexts } from './mail-texts';

export const de: MailTexts = {
  greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  verification: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    body: (email) => `Bitte bestätigen Sie, dass ${email} Ihre E-Mail-Adresse ist.`,
    action: 'E-Mail-Adresse bestätigen',
    footer: 'Wenn Sie kein Konto angelegt haben, können Sie diese E-Mail ignorieren.',
  },
  resetPassword: {
    subject: 'Setzen Sie Ihr Passwort zurück',
    body: 'Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen. Der Link funktioniert einmal und eine Stunde lang.',
    action: 'Neues Passwort wählen',
    footer: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  changeEmail: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    body: (newEmail) => `Jemand hat angefordert, die E-Mail-Adresse Ihres Kontos in ${newEmail} zu ändern.`,
    action: 'Änderung bestätigen',
    footer: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail und ändern Sie Ihr Passwort.',
  },
  deleteAccount: {
    subject: 'Bestätigen Sie die Löschung Ihres Kontos',
    body: 'Jemand hat angefordert, Ihr Konto zu löschen. Nach der Bestätigung lässt sich das nicht rückgängig machen. Der Link funktioniert 24 Stunden lang.',
    action: 'Mein Konto löschen',
    footer: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail und ändern Sie Ihr Passwort.',
  },
};
