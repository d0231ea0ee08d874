/**
 * @module The invitation mail's words in each of the server's languages. The invitee may have no
 * account yet, so nothing says which language they read: the mail is in the inviter's (the
 * language of the invite request), the best guess for someone joining the same organization.
 */
import type { ServerLanguage } from '../../plugin';

export interface InvitationMailTexts {
  greeting: string;
  subject(organization: string): string;
  body(inviter: string, organization: string): string;
  action: string;
  footer: string;
}

export const INVITATION_MAIL_TEXTS: Readonly<Record<ServerLanguage, InvitationMailTexts>> = {
  en: {
    greeting: 'Hello,',
    subject: (organization) => `You are invited to join ${organization}`,
    body: (inviter, organization) => `${inviter} invited you to join the organization ${organization}.`,
    action: 'Accept or decline the invitation',
    footer: 'If you did not expect this invitation, you can ignore this mail.',
  },
  de: {
    greeting: 'Hallo,',
    subject: (organization) => `Einladung zur Organisation ${organization}`,
    body: (inviter, organization) => `${inviter} hat Sie eingeladen, der Organisation ${organization} beizutreten.`,
    action: 'Einladung annehmen oder ablehnen',
    footer: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  },
  es: {
    greeting: 'Hola:',
    subject: (organization) => `Invitación para unirte a ${organization}`,
    body: (inviter, organization) => `${inviter} te ha invitado a unirte a la organización ${organization}.`,
    action: 'Aceptar o rechazar la invitación',
    footer: 'Si no esperabas esta invitación, puedes ignorar este correo.',
  },
  fr: {
    greeting: 'Bonjour,',
    subject: (organization) => `Invitation à rejoindre ${organization}`,
    body: (inviter, organization) => `${inviter} vous invite à rejoindre l’organisation ${organization}.`,
    action: 'Accepter ou refuser l’invitation',
    footer: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer ce message.',
  },
  pl: {
    greeting: 'Witaj,',
    subject: (organization) => `Zaproszenie do organizacji ${organization}`,
    body: (inviter, organization) => `${inviter} zaprasza Cię do organizacji ${organization}.`,
    action: 'Przyjmij lub odrzuć zaproszenie',
    footer: 'Jeśli nie spodziewałeś się tego zaproszenia, możesz zignorować tę wiadomość.',
  },
  ru: {
    greeting: 'Здравствуйте!',
    subject: (organization) => `Приглашение в организацию ${organization}`,
    body: (inviter, organization) => `${inviter} приглашает вас в организацию ${organization}.`,
    action: 'Принять или отклонить приглашение',
    footer: 'Если вы не ждали этого приглашения, просто проигнорируйте это письмо.',
  },
  tr: {
    greeting: 'Merhaba,',
    subject: (organization) => `${organization} kuruluşuna davet edildiniz`,
    body: (inviter, organization) => `${inviter} sizi ${organization} kuruluşuna katılmaya davet etti.`,
    action: 'Daveti kabul et veya reddet',
    footer: 'Bu daveti beklemiyorsanız bu e-postayı yok sayabilirsiniz.',
  },
  uk: {
    greeting: 'Вітаємо!',
    subject: (organization) => `Запрошення до організації ${organization}`,
    body: (inviter, organization) => `${inviter} запрошує вас до організації ${organization}.`,
    action: 'Прийняти або відхилити запрошення',
    footer: 'Якщо ви не очікували цього запрошення, просто проігноруйте цей лист.',
  },
};
