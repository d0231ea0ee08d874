/**
 * A ban without a reason is stored with the server's default text ("No reason", English whatever
 * the admin's language): the user page shows it as the translated "none given", in the admin's
 * language; a reason an admin typed is shown as typed.
 */
import '../support/dom';
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { languageByTag } from '../../src/lib/languages';
import { renderApp } from '../support/render-app';
import { startTestServer, type TestServer } from '../support/test-server';
import { signInAdmin, signInUser } from './admin-session';

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

async function banSection(id: string, tag: string) {
  renderApp(server, `/admin/users/${id}`, { auth: admin, language: languageByTag(tag) });
  await screen.findByRole('heading', { level: 1, name: 'Mia Member' });
  return screen.getAllByRole('region').find((region) => within(region).queryByText(/^(Grund|Reason|Причина):/))!;
}

describe('the ban reason', () => {
  it("shows the server's default reason translated, in German and in Russian", async () => {
    const member = await signInUser(server);
    await admin.client.admin.banUser({ userId: member.id });
    expect((await admin.client.admin.getUser({ query: { id: member.id } })).data!.banReason).toBe('No reason');

    expect(within(await banSection(member.id, 'de')).getByText('Grund: keiner angegeben')).toBeTruthy();
    expect(screen.queryByText(/No reason/)).toBeNull();
    cleanup();
    expect(within(await banSection(member.id, 'ru')).getByText('Причина: не указана')).toBeTruthy();
    expect(screen.queryByText(/No reason/)).toBeNull();
  });

  it('shows a reason the admin typed as typed', async () => {
    const member = await signInUser(server);
    await admin.client.admin.banUser({ userId: member.id, banReason: 'Spam' });
    expect(within(await banSection(member.id, 'de')).getByText('Grund: Spam')).toBeTruthy();
  });
});
