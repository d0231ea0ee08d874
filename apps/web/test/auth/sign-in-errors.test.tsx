/**
 * The sign-in failures the test server is not configured to produce (its rate limit is off and it
 * does not require verified addresses) still read well: the message component alone, given the
 * server's error, with its "send the link again" action going to the real server.
 */
import '../support/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from '../../src/lib/router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/providers';
import { SignInError } from '../../src/features/auth/components/sign-in-error';
import type { AppError, ErrorCode } from '../../src/lib/auth';
import { DEFAULT_LANGUAGE, languageByTag } from '../../src/lib/languages';
import { createTestAuth, useTestServer } from '../support/render-app';
import { createUser } from './auth-test-helpers';

const server = useTestServer();

function renderError(error: AppError, identifier: string, language = DEFAULT_LANGUAGE, returnTo?: string) {
  return render(
    <AppProviders auth={createTestAuth(server)} language={language}>
      <RouterProvider
        router={createMemoryRouter([
          { path: '*', element: <SignInError error={error} identifier={identifier} returnTo={returnTo} /> },
        ])}
      />
    </AppProviders>,
  );
}

describe('sign-in error messages', () => {
  it('TOO_MANY_REQUESTS asks to wait', () => {
    renderError(
      { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      'someone',
    );
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('BANNED_USER is translated', () => {
    renderError({ status: 403, code: 'BANNED_USER', message: 'banned' }, 'someone', languageByTag('de'));
    expect(screen.getByRole('alert').textContent).toContain('Sie wurden für diese Anwendung gesperrt.');
  });

  it('EMAIL_NOT_VERIFIED says a link was mailed, and "send the link again" mails one that opens the app', async () => {
    const { email } = await createUser(server);
    renderError({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, ` ${email} `);
    expect(screen.getByRole('alert').textContent).toContain(
      'We have sent a new verification link to your address. Open it, then sign in.',
    );
    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way.')).toBeTruthy();
    const link = new URL(server.outbox.list().find((mail) => mail.to === email)!.links[0]!);
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe('/verify-email?verified=1');
  });

  it("EMAIL_NOT_VERIFIED's new link keeps sign-in's return address (an invitation), so verifying leads back there", async () => {
    const { email } = await createUser(server);
    const notVerified: AppError = { status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' };
    renderError(notVerified, email, DEFAULT_LANGUAGE, '/invitations/abc');
    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way.')).toBeTruthy();
    const link = new URL(server.outbox.list().find((mail) => mail.to === email)!.links[0]!);
    expect(link.searchParams.get('callbackURL')).toBe('/verify-email?verified=1&redirectTo=%2Finvitations%2Fabc');
  });

  it('EMAIL_NOT_VERIFIED for a username offers no resend (the call needs the address)', () => {
    renderError({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, 'some_user');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('an unexpected code falls back to the catalogue text', () => {
    // A code this build does not know, as a newer server could answer.
    const code = 'NO_SUCH_CODE_HERE' as ErrorCode;
    renderError({ status: 500, code, message: 'The server said this' }, 'someone');
    expect(screen.getByRole('alert').textContent).toBe('The server said this');
  });
});
