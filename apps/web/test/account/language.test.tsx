import '../support/dom';
/**
 * The account's language against a real server (#32 item 15): a mail to a user is in the language
 * stored on the account, not the screen's of the moment; Account → Language saves the choice (and
 * switches the app), and the header's language menu saves it too for a signed-in user.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { languageByTag } from '../../src/lib/languages';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { PASSWORD, uniqueEmail } from '../support/test-server';

const server = useTestServer();

async function storedLanguage(auth: ReturnType<typeof createTestAuth>): Promise<string | null | undefined> {
  const { data } = await auth.client.getSession({ query: { disableCookieCache: true } });
  return data?.user.language;
}

/** A user signed up (and signed in) with `language` stored on the account. */
async function userWithLanguage(language: 'fr' | 'en') {
  const auth = createTestAuth(server);
  const email = uniqueEmail(`lang-${language}`);
  const { error } = await auth.client.signUp.email({ name: 'Ada', email, password: PASSWORD, language });
  if (error) throw new Error(`sign-up failed: ${error.code}`);
  return { auth, email };
}

describe('the account’s language', () => {
  it('a reset mail asked for on the German screen by a user whose stored language is French arrives in French', async () => {
    const { email } = await userWithLanguage('fr');
    renderApp(server, '/forgot-password', { language: languageByTag('de') });
    const ui = userEvent.setup({ document });
    await ui.type(await screen.findByLabelText(/^E-Mail/), email);
    await ui.click(screen.getByRole('button', { name: 'Link senden' }));
    await waitFor(() => expect(server.outbox.list().find((mail) => mail.to === email)?.subject).toBeDefined());
    expect(server.outbox.list().find((mail) => mail.to === email)?.subject).toBe('Réinitialisez votre mot de passe');
  });

  it('Account → Language saves the choice on the server, switches the app and says so', async () => {
    const user = await userWithLanguage('en');
    renderApp(server, '/account', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const section = (await screen.findByRole('heading', { name: 'Language' })).closest('section')!;
    expect(within(section).getByRole('combobox').textContent).toBe('English');
    await ui.click(within(section).getByRole('combobox'));
    await ui.click(await screen.findByRole('option', { name: 'Français' }, { timeout: 5000 }));
    await waitFor(async () => expect(await storedLanguage(user.auth)).toBe('fr'));
    // The app follows: the section's own heading is now French, and "Saved" is said in French.
    expect(await screen.findByRole('heading', { name: 'Langue' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect((await screen.findByRole('status')).textContent).toMatch(/Enregistré/);
  });

  it('the header’s language menu saves the pick on the account of a signed-in user', async () => {
    const user = await userWithLanguage('fr');
    renderApp(server, '/account', { auth: user.auth, language: languageByTag('fr') });
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByTestId('language-menu'));
    await ui.click(await screen.findByRole('menuitem', { name: 'Polski' }));
    await waitFor(async () => expect(await storedLanguage(user.auth)).toBe('pl'));
  });

  it('the header’s language menu saves nothing when no one is signed in', async () => {
    const { auth, email } = await userWithLanguage('fr');
    await auth.client.signOut();
    renderApp(server, '/sign-in', { language: languageByTag('fr') });
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByTestId('language-menu'));
    await ui.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    const again = createTestAuth(server);
    await again.client.signIn.email({ email, password: PASSWORD });
    expect(await storedLanguage(again)).toBe('fr');
  });
});
