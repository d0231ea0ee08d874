/**
 * The invitation mail to an address with no account is in the inviter's language, the
 * Accept-Language of the invite request (nothing else says which language the invitee reads); to
 * an address whose user has a language stored, in that language. As it arrives at a real SMTP server.
 */
import { expect, it } from 'vitest';
import { organizationPlugin } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { insertMember, insertOrganization } from './rows';

async function invite(h: Harness, acceptLanguage: string, email = uniqueEmail('invitee')) {
  const inviter = await h.signUp(uniqueEmail('inviter'), 'correct horse battery', 'Ada');
  const organizationId = await insertOrganization(h, { name: 'Acme' });
  await insertMember(h, organizationId, inviter.user.id, 'owner');
  const response = await inviter.client.post(
    '/organization/invite-member',
    { email, role: 'member', organizationId },
    { headers: { 'accept-language': acceptLanguage } },
  );
  expect(response.status).toBe(200);
  return { mail: await h.mail.waitFor(email), inviterEmail: inviter.user.email as string };
}

describeEachDialect(
  'the invitation mail',
  (h) => {
    it('is in Russian for an inviter who reads Russian, and in German for one who reads German', async () => {
      const ru = await invite(h(), 'ru-RU,ru;q=0.9');
      expect(ru.mail.subject).toBe('Приглашение в организацию Acme');
      expect(ru.mail.text).toContain(`Ada (${ru.inviterEmail}) приглашает вас в организацию Acme.`);
      expect(ru.mail.html).toContain('Принять или отклонить приглашение');
      expect(ru.mail.html).toMatch(/<html lang="ru">/);

      const de = await invite(h(), 'de');
      expect(de.mail.subject).toBe('Einladung zur Organisation Acme');
      expect(de.mail.text).toContain(`Ada (${de.inviterEmail}) hat Sie eingeladen, der Organisation Acme beizutreten.`);
      expect(de.mail.html).toMatch(/<html lang="de">/);
    });

    it('is in the invitee’s stored language when the address has a user, whatever the inviter reads', async () => {
      const invitee = await h().signUp(uniqueEmail('french-invitee'));
      await h().auth.context.users.update(invitee.user.id, { language: 'fr', updatedAt: h().clock.now() });
      const { mail } = await invite(h(), 'de', invitee.user.email);
      expect(mail.subject).toBe('Invitation à rejoindre Acme');
      expect(mail.html).toMatch(/<html lang="fr">/);
    });

    it('is in English when the invite request names none of the app’s languages', async () => {
      const { mail } = await invite(h(), 'ja');
      expect(mail.subject).toBe('You are invited to join Acme');
    });
  },
  { plugins: [organizationPlugin()] },
);
