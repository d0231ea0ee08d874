import type { MailTexts } from './mail-texts';

export const es: MailTexts = {
  greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  verification: {
    subject: 'Verifica tu dirección de correo electrónico',
    body: (email) => `Confirma que ${email} es tu dirección de correo electrónico.`,
    action: 'Verificar la dirección de correo electrónico',
    footer: 'Si no has creado una cuenta, puedes ignorar este correo.',
  },
  resetPassword: {
    subject: 'Restablece tu contraseña',
    body: 'Alguien ha pedido restablecer la contraseña de tu cuenta. El enlace funciona una sola vez, durante una hora.',
    action: 'Elegir una nueva contraseña',
    footer: 'Si no has sido tú, ignora este correo: tu contraseña seguirá igual.',
  },
  changeEmail: {
    subject: 'Confirma tu nueva dirección de correo electrónico',
    body: (newEmail) => `Alguien ha pedido cambiar la dirección de correo electrónico de tu cuenta a ${newEmail}.`,
    action: 'Aprobar el cambio',
    footer: 'Si no has sido tú, ignora este correo y cambia tu contraseña.',
  },
  deleteAccount: {
    subject: 'Confirma la eliminación de tu cuenta',
    body: 'Alguien ha pedido eliminar tu cuenta. Una vez confirmado, no se puede deshacer. El enlace funciona durante 24 horas.',
    action: 'Eliminar mi cuenta',
    footer: 'Si no has sido tú, ignora este correo y cambia tu contraseña.',
  },
};
