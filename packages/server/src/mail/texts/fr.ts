import type { MailTexts } from './mail-texts';

export const fr: MailTexts = {
  greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  verification: {
    subject: 'Vérifiez votre adresse e-mail',
    body: (email) => `Veuillez confirmer que ${email} est bien votre adresse e-mail.`,
    action: 'Vérifier l’adresse e-mail',
    footer: 'Si vous n’avez pas créé de compte, vous pouvez ignorer ce message.',
  },
  resetPassword: {
    subject: 'Réinitialisez votre mot de passe',
    body: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte. Le lien ne fonctionne qu’une fois, pendant une heure.',
    action: 'Choisir un nouveau mot de passe',
    footer: 'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.',
  },
  changeEmail: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    body: (newEmail) => `Quelqu’un a demandé à remplacer l’adresse e-mail de votre compte par ${newEmail}.`,
    action: 'Approuver le changement',
    footer: 'Si ce n’était pas vous, ignorez ce message et changez votre mot de passe.',
  },
  deleteAccount: {
    subject: 'Confirmez la suppression de votre compte',
    body: 'Quelqu’un a demandé la suppression de votre compte. Une fois confirmée, elle est définitive. Le lien fonctionne pendant 24 heures.',
    action: 'Supprimer mon compte',
    footer: 'Si ce n’était pas vous, ignorez ce message et changez votre mot de passe.',
  },
};
