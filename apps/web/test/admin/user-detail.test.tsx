/**
 * The user's page against a real server: ban with a reason and an expiry after a confirmation,
 * unban, role, password, sessions, removal (and the list's word on it); on one's own record, no
 * role change, ban or removal, each with its reason.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { formatDateTime } from '../../src/lib/format-date';
import { createTestAuth, renderApp } from '../support/render-app';
import { ADMIN_EMAIL, PASSWORD, startTestServer, uniqueEmail, type TestServer } from '../support/test-server';
import { toastSaying } from '../support/toast';
import { createUsers, signInAdmin, signInUser } from './admin-session';

// The grid and the server share two CPUs with other test files: allow for a slow render.

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const userOnServer = async (id: string) => (await admin.client.admin.getUser({ query: { id } })).data!;
const section = (name: string) => screen.getByRole('region', { name });

async function openUser(id: string, name = 'Mia Member') {
  const rendered = renderApp(server, `/admin/users/${id}`, { auth: admin });
  await screen.findByRole('heading', { level: 1, name });
  return rendered;
}

describe('the user page', () => {
  it("lists the user's organizations with the user's role in each", async () => {
    const member = await signInUser(server);
    const slug = `acme-${member.id.slice(0, 8).toLowerCase()}`;
    expect((await member.auth.client.organization.create({ name: 'Acme', slug })).error).toBeNull();
    await openUser(member.id);
    const organizations = within(section('Organizations'));
    const list = await organizations.findByRole('list', { name: 'Organizations' });
    expect(within(list).getByText('Acme')).toBeTruthy();
    expect(within(list).getByText('Owner')).toBeTruthy();
    cleanup();

    const loner = await signInUser(server, uniqueEmail('loner'), 'Lou Loner');
    await openUser(loner.id, 'Lou Loner');
    expect(await within(section('Organizations')).findByText('Not a member of any organization.')).toBeTruthy();
  });

  it('bans with a reason for a day: the server has the ban, the page shows it, and unban lifts it', async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server);
    await openUser(member.id);
    const ban = section('Ban');
    await user.type(within(ban).getByRole('textbox', { name: 'Reason' }), 'Spamming the forum');
    await user.click(within(ban).getByRole('combobox', { name: 'Duration' }));
    await user.click(await screen.findByRole('option', { name: '1 day' }));
    const before = Date.now();
    // The ban waits for a confirmation that names the user; cancelling it bans nobody.
    await user.click(within(ban).getByRole('button', { name: 'Ban user' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ban this user?' });
    expect(dialog.textContent).toContain(member.email);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await userOnServer(member.id)).banned).toBeFalsy();
    await user.click(within(ban).getByRole('button', { name: 'Ban user' }));
    dialog = await screen.findByRole('dialog', { name: 'Ban this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));

    expect(await within(ban).findByText(/^Banned until/)).toBeTruthy();
    await toastSaying(`${member.email} is banned.`);
    expect(within(ban).getByText('Reason: Spamming the forum')).toBeTruthy();
    const banned = await userOnServer(member.id);
    expect(banned.banned).toBe(true);
    expect(banned.banReason).toBe('Spamming the forum');
    const expires = new Date(banned.banExpires!).getTime();
    expect(expires).toBeGreaterThan(before + 86_390_000);
    expect(expires).toBeLessThan(Date.now() + 86_410_000);
    // Banning ends the user's sessions.
    expect((await member.auth.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();

    await user.click(within(ban).getByRole('button', { name: 'Unban' }));
    expect(await within(ban).findByRole('button', { name: 'Ban user' })).toBeTruthy();
    await toastSaying(`The ban on ${member.email} was lifted.`);
    expect((await userOnServer(member.id)).banned).toBe(false);
  });

  it('on their own record an admin is offered no role change, ban or removal, each with its reason', async () => {
    const { data } = await admin.client.getSession();
    const adaId = data!.user.id;
    await openUser(adaId, 'Ada Admin');
    const role = section('Role');
    expect(within(role).getByText(/cannot change your own role/)).toBeTruthy();
    expect(within(role).getByRole('combobox', { name: 'Role' }).getAttribute('aria-disabled')).toBe('true');
    const save = within(role).getByRole('button', { name: 'Save role' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(save.getAttribute('aria-describedby')).toBeTruthy();

    const ban = section('Ban');
    expect(within(ban).getByText('You cannot ban yourself.')).toBeTruthy();
    expect(within(ban).queryByRole('button', { name: 'Ban user' })).toBeNull();

    const profile = section('Profile');
    const remove = within(profile).getByRole('button', { name: 'Remove user' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    const reason = document.getElementById(remove.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toMatch(/cannot remove yourself here.*account page/);
    expect(within(profile).queryByRole('button', { name: 'Impersonate' })).toBeNull();
    expect((await userOnServer(adaId)).role).toBe('admin');
  });

  it('shows the last sign-in the server keeps, still after a ban ended every session, or says there is none', async () => {
    const member = await signInUser(server);
    expect((await member.auth.client.signIn.email({ email: member.email, password: PASSWORD })).error).toBeNull();
    // Written just after the answer (the server's background work): read it as the page will.
    let signedInAt = '';
    await waitFor(async () => {
      const { data } = await admin.client.admin.getUser({ query: { id: member.id } });
      expect(data?.lastSignInAt).toBeTruthy();
      signedInAt = formatDateTime(data!.lastSignInAt!, 'en');
    });
    await openUser(member.id);
    const lastSignIn = () => within(section('Profile')).getByText('Last sign-in').nextElementSibling?.textContent;
    await waitFor(() => expect(lastSignIn()).toBe(signedInAt));
    cleanup();

    // A ban ends the user's sessions; the last sign-in stays.
    const { error } = await admin.client.admin.banUser({ userId: member.id });
    expect(error).toBeNull();
    const { data: sessions } = await admin.client.admin.listUserSessions({ userId: member.id });
    expect(sessions!.sessions).toEqual([]);
    await openUser(member.id);
    await waitFor(() => expect(lastSignIn()).toBe(signedInAt));
    cleanup();

    const [neverSignedIn] = await createUsers(admin, [{ email: uniqueEmail('never'), name: 'Nell Never' }]);
    await openUser(neverSignedIn!, 'Nell Never');
    await waitFor(() => expect(lastSignIn()).toBe('No sign-in on record'));
  });

  it('mails the user a password reset link and, while unverified, a verification link, and says so', async () => {
    const user = userEvent.setup({ document });
    const email = uniqueEmail('mailed');
    const [id] = await createUsers(admin, [{ email, name: 'Mo Mailed' }]);
    const linksTo = (path: RegExp) =>
      server.outbox.list().filter((mail) => mail.to === email && path.test(mail.links[0] ?? ''));
    await openUser(id!, 'Mo Mailed');
    const mails = section('Mails');

    await user.click(within(mails).getByRole('button', { name: 'Send verification mail' }));
    await toastSaying(`A verification link was mailed to ${email}.`);
    await waitFor(() => expect(linksTo(/\/verify-email\?token=/)).toHaveLength(1));

    await user.click(within(mails).getByRole('button', { name: 'Send password reset mail' }));
    await toastSaying(`A password reset link was mailed to ${email}.`);
    // Sent in the background: wait for it.
    await waitFor(() => expect(linksTo(/\/reset-password\//)).toHaveLength(1));
    // The mails went out without the admin's session, which is still the admin's.
    expect((await admin.client.getSession()).data!.user.email).toBe(ADMIN_EMAIL);
  });

  it('offers no verification mail for a verified address', async () => {
    const email = uniqueEmail('verified');
    const [id] = await createUsers(admin, [{ email, name: 'Vera Verified' }]);
    // Verified as the user would be: by following the mailed link.
    const anonymous = await fetch(`${server.baseURL}/api/auth/send-verification-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(anonymous.status).toBe(200);
    let link: string | undefined;
    await waitFor(() => {
      link = server.outbox.list().find((mail) => mail.to === email)?.links[0];
      expect(link).toBeDefined();
    });
    expect((await fetch(link!, { redirect: 'manual' })).status).toBeLessThan(400);
    expect((await userOnServer(id!)).emailVerified).toBe(true);

    await openUser(id!, 'Vera Verified');
    const mails = section('Mails');
    expect(within(mails).getByRole('button', { name: 'Send password reset mail' })).toBeTruthy();
    expect(within(mails).queryByRole('button', { name: 'Send verification mail' })).toBeNull();
  });

  it('a ban "until a date" needs a moment in the future', async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server);
    await openUser(member.id);
    const ban = section('Ban');
    await user.click(within(ban).getByRole('combobox', { name: 'Duration' }));
    await user.click(await screen.findByRole('option', { name: 'Until a date…' }));
    await user.click(within(ban).getByRole('button', { name: 'Ban user' }));
    expect(await within(ban).findByText('Required')).toBeTruthy();
    await user.type(within(ban).getByLabelText('Banned until'), '2001-01-01T10:00');
    await user.click(within(ban).getByRole('button', { name: 'Ban user' }));
    expect(await within(ban).findByText('Choose a moment in the future')).toBeTruthy();
    expect((await userOnServer(member.id)).banned).toBeFalsy();
  });

  it('sets the role to admin', async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server);
    await openUser(member.id);
    const role = section('Role');
    await user.click(within(role).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.keyboard('{Escape}');
    await user.click(within(role).getByRole('button', { name: 'Save role' }));
    await toastSaying('Role saved.');
    expect((await userOnServer(member.id)).role).toBe('user,admin');
    // The page reloads the user; the form shows the saved roles.
    expect(await within(section('Profile')).findByText('Admin')).toBeTruthy();
    expect(within(role).getByRole('combobox', { name: 'Role' }).textContent).toBe('User, Admin');
  });

  it('sets a password: too short is refused in the form, a valid one signs the user in', async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server);
    await openUser(member.id);
    const password = section('Password');
    await user.type(within(password).getByLabelText('New password'), 'short');
    await user.click(within(password).getByRole('button', { name: 'Set password' }));
    expect(await within(password).findByText('At least 8 characters')).toBeTruthy();
    await user.clear(within(password).getByLabelText('New password'));
    await user.type(within(password).getByLabelText('New password'), 'a brand new secret');
    await user.click(within(password).getByRole('button', { name: 'Set password' }));
    await toastSaying("Password set. The user's sessions are kept.");
    const signIn = await createTestAuth(server).client.signIn.email({
      email: member.email,
      password: 'a brand new secret',
    });
    expect(signIn.error).toBeNull();
  });

  it("lists the user's sessions, each device read as on the account page, revokes one, then all", async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server);
    await createTestAuth(server).client.signIn.email(
      { email: member.email, password: PASSWORD },
      { headers: { 'user-agent': CHROME_ON_LINUX } },
    );
    await openUser(member.id);
    const sessions = section('Sessions');
    const table = await within(sessions).findByRole('table', { name: 'Sessions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    // The readable name, with the raw header kept for a tooltip only.
    const chrome = within(table).getByText('Chrome 126 on Linux');
    expect(chrome.getAttribute('title')).toBe(CHROME_ON_LINUX);
    expect(within(table).queryByText(/Mozilla/)).toBeNull();

    await user.click(within(table).getAllByRole('button', { name: 'Revoke' })[0]!);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await toastSaying('The session on Chrome 126 on Linux was revoked.');
    await user.click(within(sessions).getByRole('button', { name: 'Revoke all sessions' }));
    expect(await within(sessions).findByText('No active sessions. This user is not signed in anywhere.')).toBeTruthy();
    await toastSaying('All sessions revoked.');
    expect((await admin.client.admin.listUserSessions({ userId: member.id })).data!.sessions).toEqual([]);
  });

  it('removes the user after a confirmation and returns to the list, with a toast saying whom it removed', async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server);
    const { router } = await openUser(member.id);
    await user.click(screen.getByRole('button', { name: 'Remove user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this user?' });
    expect(within(dialog).getByText(new RegExp(member.email.replace(/[.+]/g, '\\$&')))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    await toastSaying(`User ${member.email} removed.`);
    expect((await admin.client.admin.getUser({ query: { id: member.id } })).error?.code).toBe('USER_NOT_FOUND');
  });

  it('an unknown user id shows "User not found"', async () => {
    renderApp(server, '/admin/users/no-such-user', { auth: admin });
    expect((await screen.findByRole('alert')).getAttribute('data-code')).toBe('USER_NOT_FOUND');
    expect(screen.getByRole('alert').textContent).toMatch(/not found/i);
  });
});

describe('creating a user', () => {
  it('checks the form, puts a taken e-mail at its field, then creates the user and opens their page', async () => {
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/admin/users/new', { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'Create user' });
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);

    const taken = await signInUser(server);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), taken.email);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Nora New');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/already exists/i)).toBeTruthy();

    const address = uniqueEmail('nora');
    await user.clear(email);
    await user.type(email, address);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nora New' })).toBeTruthy();
    const id = decodeURIComponent(router.state.location.pathname.split('/').pop()!);
    const created = await userOnServer(id);
    expect(created.email).toBe(address);
    expect(created.role).toBe('admin');
  });
});
