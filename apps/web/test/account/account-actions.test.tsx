import '../support/dom';
/**
 * The other account sections against a real server: changing an unverified and a verified
 * address (each path says what happened, and so does the approval link where it lands), and
 * deleting the account (a wrong password at its field; the right one deletes and lands on a page
 * that says so). Linked accounts: linked-accounts.test.tsx.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import errors from '../../src/locales/en/errors.json';
import { renderApp, useTestServer } from '../support/render-app';
import { uniqueEmail } from '../support/test-server';
import { signedInUser, type SignedInUser } from './signed-in-user';

const server = useTestServer();

/** Follows the newest verification link mailed to the address, as its owner would. */
async function verifyEmail(user: SignedInUser): Promise<void> {
  await user.auth.client.sendVerificationEmail({ email: user.email });
  const mail = server.outbox
    .list()
    .find((m) => m.to === user.email && m.links.some((l) => l.includes('/verify-email')));
  const link = mail?.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error('no verification mail');
  await fetch(link, { redirect: 'manual' });
  const { data } = await user.auth.client.getSession({ query: { disableCookieCache: true } });
  if (!data?.user.emailVerified) throw new Error('the address was not verified');
}

describe('change e-mail', () => {
  it('an unverified address is replaced at once and the new one gets a verification link', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account/email', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const next = uniqueEmail('moved');
    await ui.type(await screen.findByLabelText(/New e-mail address/), next);
    await ui.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      `Your address is now ${next}. We sent a verification link to it.`,
    );
    expect((await user.auth.client.getSession({ query: { disableCookieCache: true } })).data?.user.email).toBe(next);
    expect(server.outbox.list()[0]?.to).toBe(next);
  });

  it('a verified address stays until the change is approved from it', async () => {
    const user = await signedInUser(server);
    await verifyEmail(user);
    renderApp(server, '/account/email', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const next = uniqueEmail('moved');
    await ui.type(await screen.findByLabelText(/New e-mail address/), next);
    await ui.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect((await screen.findByRole('status')).textContent).toContain(`Check the mailbox of ${user.email}`);
    expect((await user.auth.client.getSession({ query: { disableCookieCache: true } })).data?.user.email).toBe(
      user.email,
    );
    expect(server.outbox.list()[0]?.to).toBe(user.email);
  });

  it('the approval link lands on the section, which says the address is now the new one', async () => {
    const user = await signedInUser(server);
    await verifyEmail(user);
    const next = uniqueEmail('moved');
    renderApp(server, '/account/email', { auth: user.auth });
    const ui = userEvent.setup({ document });
    await ui.type(await screen.findByLabelText(/New e-mail address/), next);
    await ui.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await screen.findByRole('status');
    const approval = server.outbox
      .list()
      .find((m) => m.to === user.email && m.links.some((l) => l.includes('/verify-email')));
    const link = approval?.links.find((l) => l.includes('/verify-email'));
    // Opened from the mail, without the app's cookies, as a mail client would.
    const landed = await fetch(link!, { redirect: 'manual' });
    expect(landed.headers.get('location')).toBe('/account/email?changed=1');
    cleanup();

    // The session cached in the app (and its cookie cache) still holds the old address.
    renderApp(server, '/account/email?changed=1', { auth: user.auth });
    await waitFor(async () =>
      expect((await screen.findByRole('status')).textContent).toBe(
        `Your address is now ${next}. We sent a verification link to it.`,
      ),
    );
  });

  it('an approval link that failed lands on the section, which says so', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account/email?changed=1&error=invalid_token', { auth: user.auth });
    expect((await screen.findByRole('status')).textContent).toBe(
      'The approval link did not work: it has expired or was already used. Ask for the change again.',
    );
  });

  it('the same address is refused at the field', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account/email', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const field = await screen.findByLabelText(/New e-mail address/);
    await ui.type(field, user.email);
    await ui.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() =>
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
        errors.EMAIL_IS_THE_SAME,
      ),
    );
  });
});

describe('delete account', () => {
  it('a wrong password is shown at the password field and nothing is deleted', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account/delete', { auth: user.auth });
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const field = within(dialog).getByLabelText(/Password/);
    await ui.type(field, 'not my password');
    await ui.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
        errors.INVALID_PASSWORD,
      ),
    );
    expect((await user.auth.client.getSession({ query: { disableCookieCache: true } })).data).not.toBeNull();
  });

  it('the right password deletes the account and lands on a page that says so', async () => {
    const user = await signedInUser(server);
    const { router } = renderApp(server, '/account/delete', { auth: user.auth });
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await ui.type(within(dialog).getByLabelText(/Password/), user.password);
    await ui.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-deleted'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account deleted' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your account and everything linked to it have been deleted.');
    const again = await user.auth.client.signIn.email({ email: user.email, password: user.password });
    expect(again.error?.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('the deletion page opened by hand, or by a link that failed, does not claim a deletion', async () => {
    renderApp(server, '/account-deleted');
    expect(await screen.findByRole('heading', { level: 1, name: 'The account was not deleted' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link is not valid, or it was already used.');
    cleanup();
    renderApp(server, '/account-deleted?error=token_expired');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired. Sign in and ask for a new one on your account page.',
    );
  });
});
