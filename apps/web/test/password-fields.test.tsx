import './support/dom';
/**
 * Password fields (issue #17, item 16) against a real server: every password field has a show/hide
 * toggle (one name, its state in aria-pressed); where a password is set, a strength meter gives
 * zxcvbn's verdict and its reason, advising without blocking; an admin creating a user or setting
 * a password can generate a strong one, shown so it can be copied, that then signs the user in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GENERATED_LENGTH, generatePassword } from '../src/lib/generate-password';
import common from '../src/locales/en/common.json';
import { signInAdmin, signInUser } from './admin/admin-session';
import { createTestAuth, renderApp, useTestServer } from './support/render-app';
import { uniqueEmail } from './support/test-server';
import { toastSaying } from './support/toast';

const server = useTestServer();
const { passwordField } = common;

const input = (label: RegExp | string, container: HTMLElement = document.body) =>
  within(container).getByLabelText(label) as HTMLInputElement;

function meters(): HTMLElement[] {
  return screen.queryAllByTestId('password-strength');
}

describe('password fields', () => {
  it('sign-in: the toggle shows and hides the password and says so in aria-pressed; no strength meter', async () => {
    renderApp(server, '/sign-in');
    const ui = userEvent.setup({ document });
    const password = await screen.findByLabelText(/^Password/);
    await ui.type(password, 'password');
    const toggle = screen.getByRole('button', { name: passwordField.show });
    expect((password as HTMLInputElement).type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await ui.click(toggle);
    expect((password as HTMLInputElement).type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await ui.click(toggle);
    expect((password as HTMLInputElement).type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(meters()).toHaveLength(0);
  });

  it('sign-up: the meter gives the verdict and the reason as typed, and a weak password is still accepted', async () => {
    renderApp(server, '/sign-up');
    const ui = userEvent.setup({ document });
    await ui.type(await screen.findByLabelText(/^Name/), 'Wes Weak');
    await ui.type(screen.getByLabelText(/^E-mail/), uniqueEmail('weak'));
    const password = input(/^Password/);
    // Each field has its own toggle, the repetition's included.
    expect(screen.getAllByRole('button', { name: passwordField.show })).toHaveLength(2);

    await ui.type(password, 'password');
    await waitFor(() => expect(meters()).toHaveLength(1));
    const meter = meters()[0]!;
    // A rough verdict by length comes first, zxcvbn's once its chunk has loaded.
    await waitFor(() =>
      expect(meter.textContent).toBe(`Strength: ${passwordField.strength.veryWeak}. ${passwordField.warnings.topTen}`),
    );
    expect(meter.dataset.score).toBe('0');

    await ui.clear(password);
    await ui.type(password, 'qwertyuiop');
    await waitFor(() => expect(meters()[0]!.textContent).toContain(passwordField.warnings.topHundred));

    await ui.clear(password);
    await ui.type(password, 'violet tractor mumbles 1987 quietly');
    await waitFor(() => expect(meters()[0]!.textContent).toBe(`Strength: ${passwordField.strength.strong}.`));
    expect(meters()[0]!.dataset.score).toBe('4');

    // The meter advises; the server's rule (8 characters) is the only one enforced.
    await ui.clear(password);
    await ui.type(password, 'qwertyuiop');
    await ui.type(screen.getByLabelText(/^Repeat the password/), 'qwertyuiop');
    await ui.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/check your (mail|inbox)/i)).toBeTruthy();
  });

  it('change password: a meter under the new password only, toggles on all three fields', async () => {
    const member = await signInUser(server);
    renderApp(server, '/account/password', { auth: member.auth });
    const ui = userEvent.setup({ document });
    const next = await screen.findByLabelText(/^New password/);
    expect(screen.getAllByRole('button', { name: passwordField.show })).toHaveLength(3);
    await ui.type(screen.getByLabelText(/^Current password/), 'abc');
    await ui.type(screen.getByLabelText(/^Repeat/), 'abcdefgh');
    expect(meters()).toHaveLength(0);
    await ui.type(next, 'abcdefgh');
    await waitFor(() => expect(meters()).toHaveLength(1));
    expect(meters()[0]!.textContent).toContain(passwordField.warnings.sequences);
  });

  it('admin create-user: "Generate" fills in a strong password, shown for copying, that signs the user in', async () => {
    const admin = await signInAdmin(server);
    renderApp(server, '/admin/users/new', { auth: admin });
    const ui = userEvent.setup({ document });
    await screen.findByRole('heading', { level: 1, name: 'Create user' });
    const address = uniqueEmail('generated');
    await ui.type(screen.getByRole('textbox', { name: 'E-mail' }), address);
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Gene Rated');

    await ui.click(screen.getByRole('button', { name: passwordField.generate }));
    const password = input(/^Password/);
    expect(password.value).toMatch(new RegExp(`^[A-Za-z0-9]{${GENERATED_LENGTH}}$`));
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: passwordField.show }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(meters()[0]?.dataset.score).toBe('4'));
    const generated = password.value;

    await ui.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gene Rated' })).toBeTruthy();
    const signIn = await createTestAuth(server).client.signIn.email({ email: address, password: generated });
    expect(signIn.error).toBeNull();
  });

  it('admin set-password: "Generate" then "Set password" gives the user that password', async () => {
    const admin = await signInAdmin(server);
    const member = await signInUser(server);
    renderApp(server, `/admin/users/${member.id}`, { auth: admin });
    const ui = userEvent.setup({ document });
    const section = await screen.findByRole('region', { name: 'Password' });
    await ui.click(within(section).getByRole('button', { name: passwordField.generate }));
    const password = input('New password', section);
    expect(password.type).toBe('text');
    const generated = password.value;
    expect(generated).toHaveLength(GENERATED_LENGTH);
    await waitFor(() => expect(within(section).getByTestId('password-strength').dataset.score).toBe('4'));

    await ui.click(within(section).getByRole('button', { name: 'Set password' }));
    await toastSaying("Password set. The user's sessions are kept.");
    const signIn = await createTestAuth(server).client.signIn.email({ email: member.email, password: generated });
    expect(signIn.error).toBeNull();
  });

  it('generated passwords use the whole alphabet and do not repeat', () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword());
    expect(new Set(passwords).size).toBe(200);
    const seen = new Set(passwords.join(''));
    expect(seen.size).toBe(62);
  });
});
