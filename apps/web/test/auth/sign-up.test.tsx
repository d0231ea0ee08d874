/**
 * The sign-up screen against a real server: the server's rules are checked in the form before any
 * request, the username is checked while typed, and what only the server knows (the address or
 * username is taken) appears at that field. A successful sign-up says to check the mail.
 */
import '../support/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import errorsEn from '../../src/locales/en/errors.json';
import { signedInUser } from '../account/signed-in-user';
import { renderApp, useTestServer } from '../support/render-app';
import { PASSWORD, uniqueEmail } from '../support/test-server';
import { createUser, fieldMessage, recordingAuth, uniqueUsername } from './auth-test-helpers';

const server = useTestServer();

interface SignUpInput {
  name?: string;
  email: string;
  username?: string;
  password?: string;
  confirm?: string;
}

async function fillSignUp({
  name = 'New User',
  email,
  username,
  password = PASSWORD,
  confirm = password,
}: SignUpInput) {
  const user = userEvent.setup({ document });
  await user.type(await screen.findByLabelText(/^Name/), name);
  await user.type(screen.getByLabelText(/^E-mail/), email);
  if (username) await user.type(screen.getByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Repeat the password/), confirm);
  return user;
}

const signUpCalls = (paths: string[]) => paths.filter((path) => path.endsWith('/sign-up/email'));

describe('the sign-up screen', () => {
  it('shows the rules under the fields before anything is typed', async () => {
    renderApp(server, '/sign-up');
    expect(fieldMessage(await screen.findByLabelText(/^Password/))).toBe('8 to 128 characters');
    expect(fieldMessage(screen.getByLabelText(/^Username/))).toBe(
      '3 to 30 characters: letters, digits, underscores and dots',
    );
  });

  it('a short password is refused at the field before any request', async () => {
    const { auth, paths } = recordingAuth(server);
    renderApp(server, '/sign-up', { auth });
    const user = await fillSignUp({ email: uniqueEmail('short'), password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(fieldMessage(screen.getByLabelText(/^Password/))).toBe('At least 8 characters'));
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(signUpCalls(paths)).toEqual([]);
  });

  it('differing passwords and a malformed username are refused before any request', async () => {
    const { auth, paths } = recordingAuth(server);
    renderApp(server, '/sign-up', { auth });
    const user = await fillSignUp({ email: uniqueEmail('differ'), username: 'no spaces', confirm: `${PASSWORD}!` });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(fieldMessage(screen.getByLabelText(/^Repeat the password/))).toBe('The passwords do not match'),
    );
    expect(fieldMessage(screen.getByLabelText(/^Username/))).toBe('Letters, digits, underscores and dots only');
    expect(signUpCalls(paths)).toEqual([]);
  });

  it('an address already in use is shown at the e-mail field', async () => {
    const { email } = await createUser(server);
    renderApp(server, '/sign-up');
    const user = await fillSignUp({ email });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const field = screen.getByLabelText(/^E-mail/);
    await waitFor(() => expect(fieldMessage(field)).toBe(errorsEn.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a taken username is reported at the username field while typing, and again on submit', async () => {
    const taken = uniqueUsername('taken');
    await createUser(server, { username: taken });
    // In another case: usernames are one whatever the case.
    const email = uniqueEmail('dup');
    const { auth, paths } = recordingAuth(server);
    renderApp(server, '/sign-up', { auth });
    const user = await fillSignUp({ email, username: taken.toUpperCase() });
    const field = screen.getByLabelText(/^Username/);
    await waitFor(() => expect(fieldMessage(field)).toBe('This username is already taken. Please try another.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(signUpCalls(paths)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign up' }).getAttribute('aria-busy')).toBe('false'),
    );
    expect(fieldMessage(field)).toBe(errorsEn.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER);
    expect(screen.queryByRole('alert')).toBeNull();
    // Nobody was created with that address.
    expect((await auth.client.signIn.email({ email, password: PASSWORD })).error?.code).toBe(
      'INVALID_EMAIL_OR_PASSWORD',
    );
  });

  it('a free username is said to be available once typing pauses', async () => {
    renderApp(server, '/sign-up');
    const user = userEvent.setup({ document });
    const field = await screen.findByLabelText(/^Username/);
    await user.type(field, uniqueUsername('free'));
    await waitFor(() => expect(fieldMessage(field)).toBe('This username is available.'));
  });

  it('a sign-up creates the user with the username, signs in, and says to check the mail', async () => {
    const email = uniqueEmail('new');
    const username = uniqueUsername('Fresh');
    const { auth, router } = renderApp(server, '/sign-up');
    const user = await fillSignUp({ email, username });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your mail' })).toBeTruthy();
    expect(screen.getByText(`We have sent a link to ${email}. Open it to verify your e-mail address.`)).toBeTruthy();
    const session = await auth.client.getSession();
    expect(session.data?.user).toMatchObject({
      email,
      username: username.toLowerCase(),
      displayUsername: username,
      emailVerified: false,
    });
    await user.click(screen.getByRole('link', { name: 'Continue to your account' }));
    expect(router.state.location.pathname).toBe('/account');
  });

  it('someone signed in who opens it goes on where sign-in would send them, signed in as before', async () => {
    // Signing up here would otherwise swap the session for the new account's without a word.
    const bob = await signedInUser(server, { name: 'Bob' });
    const { router } = renderApp(server, '/sign-up?redirectTo=%2Faccount%2Fsecurity', { auth: bob.auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
    expect((await bob.auth.client.getSession()).data?.user.email).toBe(bob.email);
  });
});
