/**
 * @module The shape of the core mails' words in one language. Each language is one file beside
 * this one; `index.ts` maps the server's languages to them, so the compiler makes sure every
 * language has every mail.
 */

export interface MailWords {
  subject: string;
  action: string;
  footer: string;
}

export interface MailTexts {
  /** `name` is '' when it must be left out (templates' `nameForMail`). */
  greeting(name: string): string;
  verification: MailWords & { body(email: string): string };
  resetPassword: MailWords & { body: string };
  changeEmail: MailWords & { body(newEmail: string): string };
  deleteAccount: MailWords & { body: string };
}
