import type { MailTexts } from './mail-texts';

export const pl: MailTexts = {
  greeting: (name) => (name ? `Witaj, ${name},` : 'Witaj,'),
  verification: {
    subject: 'Potwierdź swój adres e-mail',
    body: (email) => `Potwierdź, że ${email} to Twój adres e-mail.`,
    action: 'Potwierdź adres e-mail',
    footer: 'Jeśli nie zakładałeś konta, możesz zignorować tę wiadomość.',
  },
  resetPassword: {
    subject: 'Zresetuj hasło',
    body: 'Ktoś poprosił o zresetowanie hasła do Twojego konta. Link działa jeden raz, przez godzinę.',
    action: 'Wybierz nowe hasło',
    footer: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
  },
  changeEmail: {
    subject: 'Potwierdź nowy adres e-mail',
    body: (newEmail) => `Ktoś poprosił o zmianę adresu e-mail Twojego konta na ${newEmail}.`,
    action: 'Zatwierdź zmianę',
    footer: 'Jeśli to nie Ty, zignoruj tę wiadomość i zmień hasło.',
  },
  deleteAccount: {
    subject: 'Potwierdź usunięcie konta',
    body: 'Ktoś poprosił o usunięcie Twojego konta. Po potwierdzeniu nie da się tego cofnąć. Link działa przez 24 godziny.',
    action: 'Usuń moje konto',
    footer: 'Jeśli to nie Ty, zignoruj tę wiadomość i zmień hasło.',
  },
};
