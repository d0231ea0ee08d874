/**
 * A mail to a user with no language stored (an account from before the column, or one whose
 * sign-up named none) is written in the language of the request that causes it (its
 * Accept-Language, which the web app sets to the language chosen in its menu): the verification
 * mail of sign-up and of POST /send-verification-email, the password reset, the e-mail change
 * confirmation and the account deletion confirmation, each checked in Russian and German as it
 * arrives at a real SMTP server, and in English for a request that names none of the app's
 * languages. A stored language wins: user-language.test.ts. The invitation's:
 * organization/invitation-mail-language.test.ts.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import type { ReceivedMail } from './support/smtp-sink';

const PASSWORD = 'correct horse battery';
const RU = { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' };
const DE = { 'accept-language': 'de-DE,de;q=0.9' };

async function signUp(h: Harness, headers: Record<string, string>, name = 'Ada') {
  const client = h.client();
  const email = uniqueEmail('lang');
  const response = await client.post('/sign-up/email', { email, password: PASSWORD, name }, { headers });
  expect(response.status).toBe(200);
  return { client, email, id: response.body.user.id as string };
}

async function verified(h: Harness, headers: Record<string, string>) {
  const user = await signUp(h, headers);
  await h.mail.waitFor(user.email);
  await h.auth.context.users.update(user.id, { emailVerified: true, updatedAt: h.clock.now() });
  return user;
}

function expectMail(mail: ReceivedMail, lang: string, subject: string, ...lines: string[]) {
  expect(mail.subject).toBe(subject);
  for (const line of lines) {
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(line);
  }
  expect(mail.html).toMatch(new RegExp(`<html lang="${lang}">`));
}

describeEachDialect(
  'mails in the language of the request',
  (h) => {
    it("mails sign-up's verification in Russian and in German, by the sign-up's Accept-Language", async () => {
      const ru = await signUp(h(), RU);
      expectMail(
        await h().mail.waitFor(ru.email),
        'ru',
        'Подтвердите адрес электронной почты',
        'Здравствуйте, Ada!',
        `Подтвердите, что ${ru.email} — ваш адрес электронной почты.`,
        'Подтвердить адрес',
      );
      const de = await signUp(h(), DE);
      expectMail(
        await h().mail.waitFor(de.email),
        'de',
        'Bestätigen Sie Ihre E-Mail-Adresse',
        'Hallo Ada,',
        `Bitte bestätigen Sie, dass ${de.email} Ihre E-Mail-Adresse ist.`,
      );
    });

    it('mails a verification asked for again in the language of that request when the user has none stored', async () => {
      const user = await signUp(h(), RU);
      await h().mail.waitFor(user.email);
      await h().auth.context.users.update(user.id, { language: null, updatedAt: h().clock.now() });
      const response = await h().client().post('/send-verification-email', { email: user.email }, { headers: DE });
      expect(response.status).toBe(200);
      expectMail(
        await h().mail.waitFor(user.email, { skip: 1 }),
        'de',
        'Bestätigen Sie Ihre E-Mail-Adresse',
        'E-Mail-Adresse bestätigen',
      );
    });

    it('mails the password reset in Russian and in German', async () => {
      for (const [headers, lang, subject, action] of [
        [RU, 'ru', 'Сброс пароля', 'Выбрать новый пароль'],
        [DE, 'de', 'Setzen Sie Ihr Passwort zurück', 'Neues Passwort wählen'],
      ] as const) {
        const user = await verified(h(), {});
        const response = await h().client().post('/forget-password', { email: user.email }, { headers });
        expect(response.status).toBe(200);
        expectMail(await h().mail.waitFor(user.email, { skip: 1 }), lang, subject, action);
      }
    });

    it('mails the e-mail change confirmation, and then the new address’s verification, in Russian and in German', async () => {
      for (const [headers, lang, subject, verify] of [
        [RU, 'ru', 'Подтвердите новый адрес электронной почты', 'Подтвердите адрес электронной почты'],
        [DE, 'de', 'Bestätigen Sie Ihre neue E-Mail-Adresse', 'Bestätigen Sie Ihre E-Mail-Adresse'],
      ] as const) {
        const user = await verified(h(), {});
        const newEmail = uniqueEmail('moved');
        const response = await user.client.post('/change-email', { newEmail }, { headers });
        expect(response.status).toBe(200);
        const confirmation = await h().mail.waitFor(user.email, { skip: 1 });
        expectMail(confirmation, lang, subject, newEmail);
        // Following the link is a browser's navigation: its own Accept-Language picks the next mail's.
        const followed = await user.client.get(
          confirmation.links[0]!.slice(confirmation.links[0]!.indexOf('/verify-email')),
          {
            headers,
          },
        );
        expect(followed.status).toBe(200);
        expect((await h().mail.waitFor(newEmail)).subject).toBe(verify);
      }
    });

    it('mails the account deletion confirmation in Russian and in German', async () => {
      for (const [headers, lang, subject, action] of [
        [RU, 'ru', 'Подтвердите удаление аккаунта', 'Удалить мой аккаунт'],
        [DE, 'de', 'Bestätigen Sie die Löschung Ihres Kontos', 'Mein Konto löschen'],
      ] as const) {
        const user = await verified(h(), {});
        const response = await user.client.post('/delete-user', { password: PASSWORD }, { headers });
        expect(response.status).toBe(200);
        expectMail(await h().mail.waitFor(user.email, { skip: 1 }), lang, subject, action);
      }
    });

    it('mails in English when the request names none of the app’s languages', async () => {
      const user = await signUp(h(), { 'accept-language': 'ja,zh;q=0.8' });
      expectMail(
        await h().mail.waitFor(user.email),
        'en',
        'Verify your e-mail address',
        'Hello Ada,',
        'Verify e-mail address',
      );
    });
  },
  {
    emailVerification: { sendOnSignUp: true },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true, sendDeleteAccountVerification: true } },
  },
);
