/**
 * The admin console for a role an operator adds (ADMIN_ROLES) with only the `oauthClient`
 * permission: the console opens on Applications, its navigation shows that screen alone, and the
 * users and audit screens are refused; a plain user is refused the console.
 */
import '../support/dom';
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { renderApp } from '../support/render-app';
import { APPLICATIONS_ROLE, startTestServer, type TestServer } from '../support/test-server';
import { signInAdmin, signInUser } from './admin-session';

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

describe('admin console screens by permission', () => {
  it('opens Applications alone to a role holding only the oauthClient permission', async () => {
    const manager = await signInUser(server, undefined, 'Apu Apps');
    const set = await admin.client.admin.setRole({ userId: manager.id, role: APPLICATIONS_ROLE });
    expect(set.error).toBeNull();
    await admin.client.admin.oauth2.createClient({
      client_name: 'Visible To Managers',
      redirect_uris: ['https://visible.example.com/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
    });

    const { router } = renderApp(server, '/admin', { auth: manager.auth });
    await screen.findByRole('heading', { level: 1, name: 'Applications' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/admin/applications');
    const nav = screen.getByRole('navigation', { name: 'Admin console sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Applications']);
    expect(await screen.findByRole('link', { name: 'Visible To Managers' }, { timeout: 5000 })).toBeTruthy();
    cleanup();

    for (const path of ['/admin/users', '/admin/audit']) {
      renderApp(server, path, { auth: manager.auth });
      await screen.findByRole('heading', { level: 1, name: 'Not allowed' });
      cleanup();
    }
  });

  it('refuses the console to a plain user', async () => {
    const member = await signInUser(server);
    renderApp(server, '/admin/applications', { auth: member.auth });
    await screen.findByRole('heading', { level: 1, name: 'Not allowed' });
  });
});
