import '../support/dom';
/**
 * Account → Connected applications against a real server: an application the user consented to is
 * listed by its name with what it may do in words; revoking it (after the confirmation) deletes the
 * consent on the server and empties the list. Each shows when it was last used, as the server
 * answers it (the latest token issue or change of the grant), apart from when it was granted.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../account/signed-in-user';
import { DEFAULT_LANGUAGE } from '../../src/lib/languages';
import { renderApp, useTestServer } from '../support/render-app';
import { offsetClock } from '../support/test-server';
import { toastSaying } from '../support/toast';
import { APP_NAME, openAuthorization, registerApplication } from './oauth-fixtures';

const clock = offsetClock();
const server = useTestServer(() => ({ now: clock.now }));

/** The value beside `term` in the row's details, as the page shows it. */
function detail(row: HTMLElement, term: string): string {
  const dt = within(row).getByText(`${term}:`);
  return dt.nextElementSibling?.textContent ?? '';
}

function shown(value: string | Date): string {
  return new Date(value).toLocaleString(DEFAULT_LANGUAGE.tag, { dateStyle: 'medium', timeStyle: 'short' });
}

describe('connected applications', () => {
  it('lists a consented application with its scopes in words and revokes it after confirmation', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await signedInUser(server);
    const consentPage = await openAuthorization(server, clientId, { browser: user.auth, scope: 'openid email' });
    const granted = await user.auth.client.oauth2.consent({
      accept: true,
      oauth_query: consentPage.slice('/consent?'.length),
    });
    expect(granted.error).toBeNull();
    renderApp(server, '/account/applications', { auth: user.auth });

    const row = await screen.findByTestId('connected-application');
    // Named by its id until its public description has arrived.
    expect(await within(row).findByRole('heading', { name: APP_NAME })).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Know who you are, See your e-mail address')).toBeTruthy());

    const ui = userEvent.setup({ document });
    await ui.click(within(row).getByRole('button', { name: `Revoke access for ${APP_NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Revoke access' }));

    await toastSaying(`Access for ${APP_NAME} was revoked.`);
    expect(
      await screen.findByText(
        'No application can use your account. When you allow one to, it appears here and you can revoke its access.',
      ),
    ).toBeTruthy();
    expect((await user.auth.client.oauth2.getConsents()).data).toEqual([]);
  });

  it('shows when each application was last used, apart from when it was granted', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await signedInUser(server);
    const consentPage = await openAuthorization(server, clientId, { browser: user.auth, scope: 'openid email' });
    await user.auth.client.oauth2.consent({ accept: true, oauth_query: consentPage.slice('/consent?'.length) });
    const [consent] = (await user.auth.client.oauth2.getConsents()).data ?? [];
    clock.advance(3 * 86_400);
    const narrowed = await user.auth.client.oauth2.updateConsent({ id: consent!.id, update: { scopes: ['openid'] } });
    expect(narrowed.error).toBeNull();
    const [used] = (await user.auth.client.oauth2.getConsents()).data ?? [];
    expect(used!.lastUsedAt).not.toBe(used!.createdAt);
    renderApp(server, '/account/applications', { auth: user.auth });

    const row = await screen.findByTestId('connected-application');
    expect(detail(row, 'Since')).toBe(shown(used!.createdAt));
    expect(detail(row, 'Last used')).toBe(shown(used!.lastUsedAt));
  });
});
