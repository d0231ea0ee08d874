/**
 * The app sends the language chosen in its menu as Accept-Language, so the mail a screen causes to
 * a user with no language stored on the account arrives in that language: the password reset asked
 * for on the German screen is German, on the Russian screen Russian (the server writes such a mail
 * in its request's language). A stored language wins: account/language.test.tsx.
 */
import '../support/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { languageByTag } from '../../src/lib/languages';
import { renderApp, useTestServer } from '../support/render-app';
import { uniqueEmail } from '../support/test-server';
import { createUser } from './auth-test-helpers';

const server = useTestServer();

async function resetMailFromScreen(tag: string, emailLabel: RegExp, submit: string) {
  const email = uniqueEmail(`mail-${tag}`);
  const { auth } = await createUser(server, { email });
  // The sign-up stored the language its request named (a previous test's screen): forget it.
  await auth.client.updateUser({ language: null });
  renderApp(server, '/forgot-password', { language: languageByTag(tag) });
  const user = userEvent.setup({ document });
  await user.type(await screen.findByLabelText(emailLabel), email);
  await user.click(screen.getByRole('button', { name: submit }));
  let subject: string | undefined;
  await waitFor(() => {
    subject = server.outbox.list().find((mail) => mail.to === email)?.subject;
    expect(subject).toBeDefined();
  });
  return subject;
}

describe('mails in the app’s language', () => {
  it('the reset mail asked for on the German screen is in German', async () => {
    expect(await resetMailFromScreen('de', /^E-Mail/, 'Link senden')).toBe('Setzen Sie Ihr Passwort zurück');
  });

  it('the reset mail asked for on the Russian screen is in Russian', async () => {
    expect(await resetMailFromScreen('ru', /^Эл\. почта/, 'Отправить ссылку')).toBe('Сброс пароля');
  });
});
