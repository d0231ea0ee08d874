/**
 * The user's page against a real server, #32 item 19: the admin edits the name and e-mail (the new
 * address comes back unverified), sees the ways the user signs in and their passkeys, and creates
 * a user with an invitation to set a password instead of one.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { renderApp } from '../support/render-app';
import { startTestServer, uniqueEmail, type TestServer } from '../support/test-server';
import { toastSaying } from '../support/toast';
import { signInAdmin, signInUser } from './admin-session';

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

const userOnServer = async (id: string) => (await admin.client.admin.getUser({ query: { id } })).data!;
const section = (name: string) => screen.getByRole('region', { name });

describe('the user page, profile and ways in', () => {
  it('edits the name and e-mail: the server has them, and the new address is unverified', async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server);
    renderApp(server, `/admin/users/${member.id}`, { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'Mia Member' });
    await user.click(within(section('Profile')).getByRole('button', { name: 'Edit' }));
    const name = within(section('Profile')).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Mia Moved');
    const email = within(section('Profile')).getByRole('textbox', { name: /E-mail/ });
    const moved = uniqueEmail('moved');
    await user.clear(email);
    await user.type(email, moved);
    await user.click(within(section('Profile')).getByRole('button', { name: 'Save profile' }));
    await toastSaying('The profile was saved.');
    await waitFor(async () => expect(await userOnServer(member.id)).toMatchObject({ name: 'Mia Moved', email: moved }));
    expect((await userOnServer(member.id)).emailVerified).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia Moved' })).toBeTruthy();
  }, 90_000);

  it('shows the password as a way in and says the user has no passkeys', async () => {
    const member = await signInUser(server);
    renderApp(server, `/admin/users/${member.id}`, { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'Mia Member' });
    const ways = await within(section('Ways to sign in')).findByRole('list', { name: 'Ways to sign in' });
    expect(within(ways).getByText('Password')).toBeTruthy();
    expect(await within(section('Passkeys')).findByText(/^No passkeys\./)).toBeTruthy();
  });

  it('creates a user with an invitation: no password asked, the user has no password yet', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users/new', { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'Create user' });
    const email = uniqueEmail('invited');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), email);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ivy Invited');
    await user.click(screen.getByRole('checkbox', { name: 'Send an invitation to set a password' }));
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await toastSaying(`An invitation was mailed to ${email}.`);
    await screen.findByRole('heading', { level: 1, name: 'Ivy Invited' });
    const ways = within(section('Ways to sign in'));
    expect(await ways.findByText(/^No password and no linked account/)).toBeTruthy();
  });
});
