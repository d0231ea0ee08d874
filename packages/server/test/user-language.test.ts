/**
 * The user's language (issue #32 item 15): set at sign-up from the language the request names (or
 * the body's `language`), read on the session's user, changed by POST /update-user, and the
 * language of every mail to that user whatever the request that causes it says. A mail to a user
 * with none stored follows its request: mail-language.test.ts.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness, type TestClient } from './support/harness';

const PASSWORD = 'correct horse battery';
const FR = { 'accept-language': 'fr-FR,fr;q=0.9' };
const DE = { 'accept-language': 'de-DE,de;q=0.9' };

async function storedLanguage(h: Harness, id: string): Promise<string | null> {
  const row = await h.auth.context.db.selectFrom('user').select('language').where('id', '=', id).executeTakeFirst();
  return row?.language ?? null;
}

async function signUp(h: Harness, headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const client = h.client();
  const email = uniqueEmail('stored');
  const response = await client.post(
    '/sign-up/email',
    { email, password: PASSWORD, name: 'Ada', ...extra },
    { headers },
  );
  expect(response.status).toBe(200);
  return { client, email, id: response.body.user.id as string, user: response.body.user };
}

/** A verified user whose stored language is French, signed in on `client`. */
async function frenchUser(h: Harness): Promise<{ client: TestClient; email: string; id: string }> {
  const user = await signUp(h, FR);
  await h.mail.waitFor(user.email);
  await h.auth.context.users.update(user.id, { emailVerified: true, updatedAt: h.clock.now() });
  return user;
}

describeEachDialect(
  'the user’s language',
  (h) => {
    it('sign-up stores the language the request names, and get-session’s user carries it', async () => {
      const user = await signUp(h(), FR);
      expect(user.user.language).toBe('fr');
      expect(await storedLanguage(h(), user.id)).toBe('fr');
      const session = await user.client.get('/get-session');
      expect(session.body.user.language).toBe('fr');
    });

    it('sign-up’s body language wins over the header; a request naming none of the languages stores null', async () => {
      const chosen = await signUp(h(), FR, { language: 'tr' });
      expect(await storedLanguage(h(), chosen.id)).toBe('tr');
      expect((await h().mail.waitFor(chosen.email)).html).toMatch(/<html lang="tr">/);
      const unnamed = await signUp(h(), { 'accept-language': 'ja' });
      expect(unnamed.user.language).toBeNull();
      expect(await storedLanguage(h(), unnamed.id)).toBeNull();
    });

    it('sign-up with an unsupported language answers 400 VALIDATION_ERROR naming the field and creates no user', async () => {
      const email = uniqueEmail('bad-language');
      const response = await h()
        .client()
        .post('/sign-up/email', { email, password: PASSWORD, name: 'Ada', language: 'xx' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      expect(response.body.details).toEqual([expect.objectContaining({ path: 'language' })]);
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
    });

    it('update-user changes the language, get-session shows it at once, and null forgets it', async () => {
      const user = await signUp(h(), FR);
      const updated = await user.client.post('/update-user', { language: 'de' });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ status: true });
      expect(await storedLanguage(h(), user.id)).toBe('de');
      expect((await user.client.get('/get-session')).body.user.language).toBe('de');
      expect((await user.client.post('/update-user', { language: null })).status).toBe(200);
      expect(await storedLanguage(h(), user.id)).toBeNull();
    });

    it('update-user with an unsupported language answers 400 VALIDATION_ERROR naming the field and changes nothing', async () => {
      const user = await signUp(h(), FR);
      for (const language of ['xx', 'fr-FR', 16, '']) {
        const response = await user.client.post('/update-user', { language, name: 'Changed' });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
        expect(response.body.details).toEqual([expect.objectContaining({ path: 'language' })]);
      }
      const row = await h().auth.context.users.findById(user.id);
      expect(row).toMatchObject({ language: 'fr', name: 'Ada' });
    });

    it('mails the password reset, asked for on a German screen, in the stored French', async () => {
      const user = await frenchUser(h());
      const response = await h().client().post('/forget-password', { email: user.email }, { headers: DE });
      expect(response.status).toBe(200);
      const mail = await h().mail.waitFor(user.email, { skip: 1 });
      expect(mail.subject).toBe('Réinitialisez votre mot de passe');
      expect(mail.html).toMatch(/<html lang="fr">/);
    });

    it('mails the verification, the e-mail change and the deletion confirmation in the stored French', async () => {
      const unverified = await signUp(h(), FR);
      await h().mail.waitFor(unverified.email);
      await h().client().post('/send-verification-email', { email: unverified.email }, { headers: DE });
      expect((await h().mail.waitFor(unverified.email, { skip: 1 })).html).toMatch(/<html lang="fr">/);

      const moving = await frenchUser(h());
      const newEmail = uniqueEmail('moved');
      expect((await moving.client.post('/change-email', { newEmail }, { headers: DE })).status).toBe(200);
      const confirmation = await h().mail.waitFor(moving.email, { skip: 1 });
      expect(confirmation.html).toMatch(/<html lang="fr">/);
      // The link is followed by a browser that says German: the new address's mail is still French.
      const link = confirmation.links[0]!;
      await moving.client.get(link.slice(link.indexOf('/verify-email')), { headers: DE });
      expect((await h().mail.waitFor(newEmail)).html).toMatch(/<html lang="fr">/);

      const leaving = await frenchUser(h());
      expect((await leaving.client.post('/delete-user', { password: PASSWORD }, { headers: DE })).status).toBe(200);
      expect((await h().mail.waitFor(leaving.email, { skip: 1 })).html).toMatch(/<html lang="fr">/);
    });

    it('a language changed in another browser is the next mail’s, though this browser’s session is cached', async () => {
      const user = await frenchUser(h());
      const other = h().client();
      expect((await other.post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
      // The first browser's cookie cache still says French.
      expect((await user.client.get('/get-session')).body.user.language).toBe('fr');
      expect((await other.post('/update-user', { language: 'pl' })).status).toBe(200);
      expect((await user.client.post('/delete-user', { password: PASSWORD }, { headers: DE })).status).toBe(200);
      expect((await h().mail.waitFor(user.email, { skip: 1 })).html).toMatch(/<html lang="pl">/);
    });

    it('a stored value the server does not write mails in (an edited row) is passed over for the request’s', async () => {
      const user = await frenchUser(h());
      await h().auth.context.db.updateTable('user').set({ language: 'xx' }).where('id', '=', user.id).execute();
      await h().client().post('/forget-password', { email: user.email }, { headers: DE });
      expect((await h().mail.waitFor(user.email, { skip: 1 })).html).toMatch(/<html lang="de">/);
    });
  },
  {
    emailVerification: { sendOnSignUp: true },
    session: { cookieCache: { enabled: true } },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true, sendDeleteAccountVerification: true } },
  },
);
