/**
 * Forgotten password end to end against a real server: the request page never tells whether an
 * address has an account, the mailed link (taken from the outbox) leads to the reset page with its
 * token, the new password works, and a used or refused token says so with a way to ask again.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { PASSWORD, startTestServer, uniqueEmail } from '../support/test-server';
import { createUser, fieldMessage, recordingAuth } from './auth-test-helpers';

const NEW_PASSWORD = 'a brand new passphrase';

const server = useTestServer();

async function requestReset(email: string): Promise<void> {
  const user = userEvent.setup({ document });
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
  await screen.findByText(
    `If an account uses ${email}, a link to reset its password is on its way. The link is valid for one hour.`,
  );
}

/** The reset mail is sent in the background: wait for it, then follow its link to the app's page. */
async function resetPagePath(email: string): Promise<string> {
  let link: string | undefined;
  await waitFor(() => {
    link = server.outbox.list().find((mail) => mail.to === email)?.links[0];
    expect(link).toBeDefined();
  });
  const response = await fetch(link!, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!, server.baseURL);
  expect(location.pathname).toBe('/reset-password');
  return location.pathname + location.search;
}

describe('forgot and reset password', () => {
  it('an unknown address gets the same confirmation and no mail is sent', async () => {
    // A server of its own: closing it waits for the lookup the answer did not wait for, so the
    // outbox is final when the test reads it.
    const own = await startTestServer();
    const email = uniqueEmail('nobody');
    try {
      renderApp(own, '/forgot-password');
      await requestReset(email);
      cleanup();
    } finally {
      await own.close();
    }
    expect(own.outbox.list().filter((mail) => mail.to === email)).toEqual([]);
  });

  it('the landing of a security notice\'s "this wasn\'t me" link says the user was signed out, with the address filled in', async () => {
    const email = uniqueEmail('not-me');
    renderApp(server, `/forgot-password?email=${encodeURIComponent(email)}&signedOut=1`);
    expect((await screen.findByRole('status')).textContent).toBe(
      'You were signed out everywhere. Now choose a new password: ask for a reset link below.',
    );
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe(email);
    expect(screen.queryByText('This link is invalid, expired or was used already.')).toBeNull();
    // The address is there: one click asks for the reset link.
    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Send the link' }));
    await screen.findByText(
      `If an account uses ${email}, a link to reset its password is on its way. The link is valid for one hour.`,
    );
  });

  it('the landing of a used or expired "this wasn\'t me" link says so and asks for the address', async () => {
    renderApp(server, '/forgot-password?error=INVALID_TOKEN');
    await screen.findByText('This link is invalid, expired or was used already.');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/You were signed out everywhere/)).toBeNull();
  });

  it('a malformed address is refused at the field before any request', async () => {
    const { auth, paths } = recordingAuth(server);
    renderApp(server, '/forgot-password', { auth });
    const user = userEvent.setup({ document });
    await user.type(await screen.findByLabelText(/^E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(fieldMessage(screen.getByLabelText(/^E-mail/))).toBe('Enter a valid e-mail address'));
    expect(paths.filter((path) => path.includes('password-reset'))).toEqual([]);
  });

  it('the mailed link leads to the reset page, the new password signs in, and the link is then used up', async () => {
    const { email } = await createUser(server);
    renderApp(server, '/forgot-password');
    await requestReset(email);
    const path = await resetPagePath(email);
    expect(new URLSearchParams(path.split('?')[1]).get('token')).toBeTruthy();
    cleanup();

    renderApp(server, path);
    const user = userEvent.setup({ document });
    await user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat the password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in',
    );

    const client = createTestAuth(server).client;
    expect((await client.signIn.email({ email, password: PASSWORD })).error?.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect((await client.signIn.email({ email, password: NEW_PASSWORD })).error).toBeNull();
    cleanup();

    // The same token again: the server refuses it, and the page says so.
    renderApp(server, path);
    await user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat the password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(
      await screen.findByText('This link is not valid: it has expired, or it was already used. Ask for a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('a short new password is refused at the field before any request', async () => {
    const { email } = await createUser(server);
    renderApp(server, '/forgot-password');
    await requestReset(email);
    const path = await resetPagePath(email);
    cleanup();

    const { auth, paths } = recordingAuth(server);
    renderApp(server, path, { auth });
    const user = userEvent.setup({ document });
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    await waitFor(() => expect(fieldMessage(screen.getByLabelText(/^New password/))).toBe('At least 8 characters'));
    expect(paths.filter((p) => p.endsWith('/reset-password'))).toEqual([]);
  });

  it('a link the server refused (error=INVALID_TOKEN) explains itself and offers a new one', async () => {
    const response = await fetch(`${server.baseURL}/api/auth/reset-password/not-a-token?callbackURL=/reset-password`, {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location')!, server.baseURL);
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    renderApp(server, location.pathname + location.search);
    expect(
      await screen.findByText('This link is not valid: it has expired, or it was already used. Ask for a new one.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
