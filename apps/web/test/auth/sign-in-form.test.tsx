/**
 * The sign-in form holds its values in plain state, not react-hook-form (it is on every cold load,
 * #32 item 22), and behaves as the other forms do: errors at the first submit, then at each change;
 * a server error about the identifier at the field, focused; one request per double click; the
 * invited address filled in unless the user typed over it.
 */
import '../support/dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/providers';
import { SignInForm } from '../../src/features/auth/components/sign-in-form';
import { DEFAULT_LANGUAGE } from '../../src/lib/languages';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { PASSWORD } from '../support/test-server';
import { createUser, fieldMessage, recordingAuth } from './auth-test-helpers';

const server = useTestServer();

const identifierField = () => screen.getByLabelText(/^E-mail or username/) as HTMLInputElement;
const passwordField = () => screen.getByLabelText(/^Password/) as HTMLInputElement;

describe('the sign-in form', () => {
  it('checks at the first submit, focusing the first field at fault, then at each change, sending nothing while a field is empty', async () => {
    const { auth, paths } = recordingAuth(server);
    renderApp(server, '/sign-in', { auth });
    const ui = userEvent.setup({ document });
    // Spaces alone are no identifier: it is checked trimmed.
    await ui.type(await screen.findByLabelText(/^E-mail or username/), '   ');
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fieldMessage(identifierField())).toBe('Required'));
    expect(fieldMessage(passwordField())).toBe('Required');
    expect(document.activeElement).toBe(identifierField());

    await ui.type(identifierField(), 'someone');
    await waitFor(() => expect(identifierField().getAttribute('aria-invalid')).toBe('false'));
    // The password's error stays until the password changes.
    expect(fieldMessage(passwordField())).toBe('Required');
    await ui.clear(identifierField());
    await waitFor(() => expect(fieldMessage(identifierField())).toBe('Required'));
    await ui.type(passwordField(), 'x');
    await waitFor(() => expect(passwordField().getAttribute('aria-invalid')).toBe('false'));

    await ui.clear(passwordField());
    await ui.type(identifierField(), 'someone');
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fieldMessage(passwordField())).toBe('Required'));
    expect(document.activeElement).toBe(passwordField());
    expect(paths.filter((path) => path.includes('/sign-in/'))).toEqual([]);
  });

  it('an address the server refuses is explained at the identifier, which takes the focus, until the identifier changes', async () => {
    renderApp(server, '/sign-in');
    const ui = userEvent.setup({ document });
    await ui.type(await screen.findByLabelText(/^E-mail or username/), 'alice@example.com,bob@example.com');
    await ui.type(passwordField(), PASSWORD);
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fieldMessage(identifierField())).toBe('Invalid e-mail address.'));
    expect(identifierField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(identifierField());
    expect(document.querySelector('[data-code]')).toBeNull();

    // A change is checked at its own field only: the server's message stays until the identifier changes.
    await ui.type(passwordField(), 'x');
    expect(fieldMessage(identifierField())).toBe('Invalid e-mail address.');
    await ui.type(identifierField(), 'x');
    await waitFor(() => expect(identifierField().getAttribute('aria-invalid')).toBe('false'));
    expect(fieldMessage(identifierField())).toBe('');
  });

  it('a double click sends one sign-in request (the guard: `running` in use-server-submit.ts)', async () => {
    const { email } = await createUser(server);
    const { auth, paths } = recordingAuth(server);
    renderApp(server, '/sign-in', { auth });
    const ui = userEvent.setup({ document });
    await ui.type(await screen.findByLabelText(/^E-mail or username/), email);
    await ui.type(passwordField(), PASSWORD);
    // Both clicks before a render: the second lands before the button shows that it is pending.
    const button = screen.getByRole('button', { name: 'Sign in' });
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(screen.queryByLabelText(/^E-mail or username/)).toBeNull());
    expect(paths.filter((path) => path.endsWith('/sign-in/email'))).toHaveLength(1);
  });

  it('the invited address fills the identifier when it arrives, but never over what the user typed', async () => {
    const auth = createTestAuth(server);
    const form = (email?: string) => (
      <AppProviders auth={auth} language={DEFAULT_LANGUAGE}>
        <SignInForm onSignedIn={() => {}} onSecondStep={() => {}} email={email} />
      </AppProviders>
    );
    const ui = userEvent.setup({ document });
    const untouched = render(form());
    await screen.findByLabelText(/^E-mail or username/);
    untouched.rerender(form('invited@example.com'));
    await waitFor(() => expect(identifierField().value).toBe('invited@example.com'));
    untouched.unmount();

    const typed = render(form());
    await ui.type(await screen.findByLabelText(/^E-mail or username/), 'me');
    typed.rerender(form('invited@example.com'));
    // Rendering again with the address must not fill it either.
    typed.rerender(form('invited@example.com'));
    expect(identifierField().value).toBe('me');
  });
});
