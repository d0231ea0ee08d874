/**
 * @module What the engine needs to send mail. Every mail has a plain-text and an HTML part.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
