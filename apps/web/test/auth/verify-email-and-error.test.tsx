/**
 * The pages flows land on: the verification link's result (from the real server's redirect, on
 * success and on failure) and the app's error page, whose code comes from the address bar.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { VERIFY_EMAIL_PATH } from '../../src/features/auth/lib/auth-paths';
import { createUser } from './auth-test-helpers';

const server = useTestServer();

/** Follows a verification link as a browser would, returning the app path it redirects to. */
async function follow(link: string): Promise<string> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!, server.baseURL);
  return location.pathname + location.search;
}

describe('the verify-email page', () => {
  it('a good link verifies the address and lands on the success message, with the account for a signed-in user', async () => {
    const { auth, email } = await createUser(server);
    const sent = await auth.client.sendVerificationEmail({ email, callbackURL: '/verify-email' });
    expect(sent.error).toBeNull();
    const link = server.outbox.list().find((mail) => mail.to === email)!.links[0]!;
    const path = await follow(link);
    expect(path).toBe('/verify-email');
    expect((await auth.client.getSession({ query: { disableCookieCache: true } })).data?.user.emailVerified).toBe(true);

    renderApp(server, path, { auth });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeTruthy();
    expect(screen.getByText('Thank you: your e-mail address is verified.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Go to your account' })).getAttribute('href')).toBe('/account');
  });

  it('a used link lands on the failure message, translated from the error code', async () => {
    const { auth, email } = await createUser(server);
    await auth.client.sendVerificationEmail({ email, callbackURL: '/verify-email' });
    const link = server.outbox.list().find((mail) => mail.to === email)!.links[0]!;
    await follow(link);
    const path = await follow(link);
    expect(path).toBe('/verify-email?error=invalid_token');

    renderApp(server, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'The e-mail address was not verified' })).toBeTruthy();
    expect(screen.getByText('This verification link is not valid, or it was already used.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in',
    );
  });

  it('a used link reopened by its signed-in, verified user says the address is already verified', async () => {
    const { auth, email } = await createUser(server);
    await auth.client.sendVerificationEmail({ email, callbackURL: '/verify-email' });
    const link = server.outbox.list().find((mail) => mail.to === email)!.links[0]!;
    await follow(link);
    const path = await follow(link);
    expect(path).toBe('/verify-email?error=invalid_token');

    renderApp(server, path, { auth });
    expect(await screen.findByText('This link was already used: your e-mail address is verified.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeTruthy();
    expect(screen.queryByText('The e-mail address was not verified')).toBeNull();
  });

  it('the page opened without a link says the link is not valid, not that the address is verified', async () => {
    renderApp(server, '/verify-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'The e-mail address was not verified' })).toBeTruthy();
    expect(screen.getByText('This verification link is not valid, or it was already used.')).toBeTruthy();
    expect(screen.queryByText('Thank you: your e-mail address is verified.')).toBeNull();
  });

  it('a good link followed in a browser that is not signed in lands on the success message, with sign-in next', async () => {
    const { auth, email } = await createUser(server);
    await auth.client.sendVerificationEmail({ email, callbackURL: VERIFY_EMAIL_PATH });
    const link = server.outbox.list().find((mail) => mail.to === email)!.links[0]!;
    const path = await follow(link);
    expect(path).toBe('/verify-email?verified=1');

    renderApp(server, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in',
    );
  });

  it('an expired link says so', async () => {
    renderApp(server, '/verify-email?error=token_expired');
    expect(await screen.findByText('This verification link has expired. Sign in to get a new one.')).toBeTruthy();
  });
});

describe('the error page', () => {
  it('explains a known code and shows the code itself', async () => {
    renderApp(server, '/error?error=please_restart_the_process');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The sign-in took too long or was interrupted. Please start again.')).toBeTruthy();
    expect(screen.getByTestId('error-code').textContent).toBe('please_restart_the_process');
    expect(screen.getByRole('link', { name: 'Return to the application' }).getAttribute('href')).toBe('/');
  });

  it('shows markup in the address as Unknown, never as markup', async () => {
    const code = '<img src=x onerror=alert(1)>';
    renderApp(server, `/error?error=${encodeURIComponent(code)}`);
    expect((await screen.findByTestId('error-code')).textContent).toBe('Unknown');
    expect(document.querySelector('main img')).toBeNull();
    expect(screen.getByText('Signing in could not be completed.')).toBeTruthy();
  });

  it('shows a sentence from the address as Unknown: the trusted site must not say what a link wrote', async () => {
    const phishing = 'Your account is locked. Call support at +1 555 0100';
    renderApp(server, `/error?error=${encodeURIComponent(phishing)}`);
    expect((await screen.findByTestId('error-code')).textContent).toBe('Unknown');
    expect(document.body.textContent).not.toContain('Call support');
  });

  it('shows an unknown value that looks like a code (up to 64 characters), with the generic sentence', async () => {
    renderApp(server, '/error?error=some_new-code 42');
    expect((await screen.findByTestId('error-code')).textContent).toBe('some_new-code 42');
    expect(screen.getByText('Signing in could not be completed.')).toBeTruthy();
    const tooLong = 'x'.repeat(65);
    renderApp(server, `/error?error=${tooLong}`);
    // The second app shows its page once the page's code is loaded (it loads on first visit).
    await waitFor(() => expect(screen.getAllByTestId('error-code')).toHaveLength(2));
    expect(screen.getAllByTestId('error-code')[1]!.textContent).toBe('Unknown');
  });

  it('without a code shows Unknown', async () => {
    renderApp(server, '/error');
    expect((await screen.findByTestId('error-code')).textContent).toBe('Unknown');
  });
});
