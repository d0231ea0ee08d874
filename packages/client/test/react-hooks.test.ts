/**
 * The React hooks against a real Latchkey server, in a DOM: the refresh rules reach the components,
 * many components share one request, and focus refetches are rate-limited.
 *
 * The DOM is a happy-dom Window installed by hand rather than the happy-dom test environment: that
 * environment replaces the global fetch, Request and Response with happy-dom's (same-origin policy,
 * no Cookie header), which breaks both the in-process server and the test's cookie jar.
 */
import { authInternalsForTests } from '@latchkey/server/testing';
import { Window } from 'happy-dom';
import { createElement, type ReactNode } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthHooks } from '../src/react';
import { cookieFetch, PASSWORD, testClient, uniqueEmail, useTestServer } from './support';

const dom = new Window({ url: 'http://localhost:3000' });
Object.assign(globalThis, {
  window: dom,
  document: dom.document,
  navigator: dom.navigator,
  IS_REACT_ACT_ENVIRONMENT: true,
});
const { act, cleanup, render, screen, waitFor } = await import('@testing-library/react');

const server = useTestServer();
afterAll(() => dom.happyDOM.close());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(focusInterval = 5000) {
  const jar = cookieFetch(server.baseURL);
  const client = testClient(server.baseURL, jar.fetch);
  const hooks = createAuthHooks(client, { focusInterval });
  const count = (path: string) => jar.requests.filter((r) => new URL(r.url).pathname === `/api/auth${path}`).length;
  return { jar, client, hooks, count };
}

/**
 * Runs `call` with setTimeout faked, then fires the refresh timers its success scheduled: the
 * refresh has passed before the test goes on. Only timers are faked, so requests run as usual.
 */
async function refreshedAfter<T>(call: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const result = await call();
    vi.runOnlyPendingTimers();
    return result;
  } finally {
    vi.useRealTimers();
  }
}

describe('React hooks against a running Latchkey server', () => {
  it('a sign-in through the client refreshes useSession: the component shows the user', async () => {
    const email = uniqueEmail('hooks');
    await setup().client.signUp.email({ email, password: PASSWORD, name: 'Hook User' });
    const { client, hooks } = setup();
    function Who(): ReactNode {
      const { data, isPending } = hooks.useSession();
      return createElement('p', { 'data-testid': 'who' }, isPending ? 'loading' : (data?.user.email ?? 'signed out'));
    }
    render(createElement(Who));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('signed out'));
    await act(async () => {
      expect((await client.signIn.email({ email, password: PASSWORD })).error).toBeNull();
    });
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe(email));
    await act(async () => {
      await client.signOut();
    });
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('signed out'));
  });

  it('update-member-role refreshes useActiveMember', async () => {
    const first = setup();
    await first.client.signUp.email({ email: uniqueEmail('owner'), password: PASSWORD, name: 'Owner' });
    const created = await first.client.organization.create({ name: 'Hooks Org', slug: `hooks-${Date.now()}` });
    expect(created.error).toBeNull();
    const organizationId = created.data!.id;
    // A second owner (an only owner cannot step down) who then makes themselves an admin.
    const email = uniqueEmail('second');
    const invited = await first.client.organization.inviteMember({ email, role: 'owner', organizationId });
    expect(invited.error).toBeNull();
    const { client, hooks, count } = setup();
    const signedUp = await client.signUp.email({ email, password: PASSWORD, name: 'Second Owner' });
    // Accepting needs a verified address: verify it in the store, as the mailed link would.
    await authInternalsForTests(server.auth).users.update(signedUp.data!.user.id, {
      emailVerified: true,
      updatedAt: new Date(),
    });
    expect((await client.organization.acceptInvitation({ invitationId: invited.data!.id })).error).toBeNull();
    // set-active's own refresh passes before the component mounts.
    expect((await refreshedAfter(() => client.organization.setActive({ organizationId }))).error).toBeNull();

    function Role(): ReactNode {
      const { data } = hooks.useActiveMember();
      return createElement('p', { 'data-testid': 'role' }, data?.role ?? 'none');
    }
    render(createElement(Role));
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('owner'));
    const me = hooks.stores.activeMember.getSnapshot().data!;
    expect(count('/organization/get-active-member')).toBe(1);
    await act(async () => {
      expect(
        (await client.organization.updateMemberRole({ memberId: me.id, role: 'admin', organizationId })).error,
      ).toBeNull();
    });
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('admin'));
    expect(count('/organization/get-active-member')).toBe(2);
  });

  it('twenty components using useSession cause one get-session request', async () => {
    const { client, hooks, count } = setup();
    // The sign-up's refresh only marks the unwatched store stale.
    await refreshedAfter(() => client.signUp.email({ email: uniqueEmail('many'), password: PASSWORD, name: 'Many' }));
    function Name({ index }: { index: number }): ReactNode {
      const { data } = hooks.useSession();
      return createElement('span', { 'data-testid': `name-${index}` }, data?.user.name ?? '');
    }
    const before = count('/get-session');
    render(
      createElement(
        'div',
        null,
        ...Array.from({ length: 20 }, (_, index) => createElement(Name, { key: index, index })),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('name-19').textContent).toBe('Many'));
    expect(screen.getAllByText('Many')).toHaveLength(20);
    expect(count('/get-session') - before).toBe(1);
  });

  it('window focus refetches, at most once per focus interval', async () => {
    // The interval is measured on Date: a faked clock moves past it without waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { hooks, count } = setup(200);
    function Status(): ReactNode {
      const { isPending } = hooks.useSession();
      return createElement('p', { 'data-testid': 'status' }, isPending ? 'loading' : 'ready');
    }
    render(createElement(Status));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    expect(count('/get-session')).toBe(1);
    const focusBurst = () =>
      act(async () => {
        for (let i = 0; i < 5; i += 1) dom.dispatchEvent(new dom.Event('focus'));
      });
    // Right after the load: focus is ignored, however often it fires.
    await focusBurst();
    expect(count('/get-session')).toBe(1);
    // After the interval, one focus refetches once; a burst still counts once.
    vi.advanceTimersByTime(200);
    await focusBurst();
    await waitFor(() => expect(count('/get-session')).toBe(2));
  });
});
