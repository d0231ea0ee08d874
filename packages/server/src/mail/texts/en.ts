import type { MailTexts } from './mail-texts';

export const en: MailTexts = {
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  verification: {
    subject: 'Verify your e-mail address',
    body: (email) => `Please confirm that ${email} is your e-mail address.`,
    action: 'Verify e-mail address',
    footer: 'If you did not create an account, you can ignore this mail.',
  },
  resetPassword: {
    subject: 'Reset your password',
    body: 'Someone asked to reset the password of your account. The link works once, for one hour.',
    action: 'Choose a new password',
    footer: 'If it was not you, ignore this mail: your password stays as it is.',
  },
  changeEmail: {
    subject: 'Confirm your new e-mail address',
    body: (newEmail) => `Someone asked to change the e-mail address of your account to ${newEmail}.`,
    action: 'Approve the change',
    footer: 'If it was not you, ignore this mail and change your password.',
  },
  deleteAccount: {
    subject: 'Confirm the deletion of your account',
    body: 'Someone asked to delete your account. Once confirmed, this cannot be undone. The link works for 24 hours.',
    action: 'Delete my account',
    footer: 'If it was not you, ignore this mail and change your password.',
  },
};
