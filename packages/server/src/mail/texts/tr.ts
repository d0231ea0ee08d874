import type { MailTexts } from './mail-texts';

export const tr: MailTexts = {
  greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
  verification: {
    subject: 'E-posta adresinizi doğrulayın',
    body: (email) => `Lütfen ${email} adresinin e-posta adresiniz olduğunu onaylayın.`,
    action: 'E-posta adresini doğrula',
    footer: 'Bir hesap oluşturmadıysanız bu e-postayı yok sayabilirsiniz.',
  },
  resetPassword: {
    subject: 'Parolanızı sıfırlayın',
    body: 'Birisi hesabınızın parolasının sıfırlanmasını istedi. Bağlantı bir kez ve bir saat boyunca çalışır.',
    action: 'Yeni bir parola seç',
    footer: 'Bu siz değilseniz bu e-postayı yok sayın: parolanız olduğu gibi kalır.',
  },
  changeEmail: {
    subject: 'Yeni e-posta adresinizi onaylayın',
    body: (newEmail) => `Birisi hesabınızın e-posta adresini ${newEmail} olarak değiştirmek istedi.`,
    action: 'Değişikliği onayla',
    footer: 'Bu siz değilseniz bu e-postayı yok sayın ve parolanızı değiştirin.',
  },
  deleteAccount: {
    subject: 'Hesabınızın silinmesini onaylayın',
    body: 'Birisi hesabınızın silinmesini istedi. Onaylandıktan sonra bu işlem geri alınamaz. Bağlantı 24 saat geçerlidir.',
    action: 'Hesabımı sil',
    footer: 'Bu siz değilseniz bu e-postayı yok sayın ve parolanızı değiştirin.',
  },
};
