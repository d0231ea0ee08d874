import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation-mail';

const input = {
  invitationId: 'inv1',
  email: 'bob@example.com',
  organizationName: 'Acme',
  inviterEmail: 'ada@example.com',
  baseOrigin: 'https://app.example.com',
};
const LINK = 'https://app.example.com/invitations/inv1';

describe('the invitation mail', () => {
  it("names the inviter by the engine's rule for names in mails, with the invitation page as its only link", async () => {
    const mail = await invitationMail({ ...input, inviterName: ' Ada Lovelace ' });
    expect(mail).toMatchObject({ to: 'bob@example.com', subject: 'You are invited to join Acme' });
    expect(mail.text).toBe(
      `Hello,\n\nAda Lovelace (ada@example.com) invited you to join the organization Acme.\n\nAccept or decline the invitation:\n${LINK}\n\n` +
        'If you did not expect this invitation, you can ignore this mail.\n',
    );
    expect(mail.html).toContain(`<a href="${LINK}">Accept or decline the invitation</a>`);
  });

  it('leaves out an inviter name that looks like a link or spans lines, as the greetings of the engine mails do', async () => {
    for (const inviterName of [
      'Visit https://evil.example now',
      'www.evil.example',
      'evil.example',
      'Eve\nSmith',
      'Eve\r\nhttp://x',
    ]) {
      const mail = await invitationMail({ ...input, inviterName });
      expect(mail.text).toContain('\n\nada@example.com invited you to join the organization Acme.\n');
      expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([LINK]);
    }
  });

  it("keeps the organization's name on one line", async () => {
    const mail = await invitationMail({ ...input, inviterName: 'Ada', organizationName: 'Acme\r\nCorp' });
    expect(mail.subject).toBe('You are invited to join Acme Corp');
    expect(mail.text).toContain('invited you to join the organization Acme Corp.\n');
  });
});
