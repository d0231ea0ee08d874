/**
 * The header follows the signed-in admin's own role: when set-role names the admin themself (one
 * of two admins, so the server allows it), the Admin link goes at once, although the session's
 * cookie cache still vouches for the old role for up to a minute.
 */
import '../support/dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from '../../src/lib/router';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/app';
import { Layout } from '../../src/app/layout';
import { useSetRole } from '../../src/features/admin/api/set-role';
import { DEFAULT_LANGUAGE } from '../../src/lib/languages';
import { createTestAuth, useTestServer } from '../support/render-app';
import { PASSWORD, uniqueEmail } from '../support/test-server';
import { signInAdmin } from './admin-session';

const server = useTestServer();

/** A screen that only calls set-role, as any screen of the console would. */
function SetOwnRole({ userId }: { userId: string }) {
  const setRole = useSetRole();
  return (
    <button type="button" onClick={() => void setRole({ userId, role: 'user' })}>
      Step down
    </button>
  );
}

describe("the signed-in admin's own role", () => {
  it('set-role on oneself takes the Admin link out of the header at once', async () => {
    const user = userEvent.setup({ document });
    const admin = await signInAdmin(server);
    const email = uniqueEmail('second-admin');
    const created = await admin.client.admin.createUser({
      email,
      password: PASSWORD,
      name: 'Sam Second',
      role: 'admin',
    });
    expect(created.error).toBeNull();
    const second = createTestAuth(server);
    expect((await second.client.signIn.email({ email, password: PASSWORD })).error).toBeNull();

    const router = createMemoryRouter(
      [{ element: <Layout />, children: [{ path: '/probe', element: <SetOwnRole userId={created.data!.user.id} /> }] }],
      { initialEntries: ['/probe'] },
    );
    render(<App auth={second} language={DEFAULT_LANGUAGE} router={router} />);
    await user.click(await screen.findByRole('button', { name: 'User menu: Sam Second' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Admin' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Step down' }));
    // The menu, opened after the change, follows the session as it is read again.
    await user.click(screen.getByRole('button', { name: 'User menu: Sam Second' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).toBeNull());
    expect((await admin.client.admin.getUser({ query: { id: created.data!.user.id } })).data!.role).toBe('user');
    // Still signed in, as the same user: only the role changed.
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toBeTruthy();
  });
});
