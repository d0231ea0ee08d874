import '../support/dom';
/**
 * The account page's recent activity, with the audit route answered by the test (audit-answers.ts)
 * and the rest by a real server: the signed-in user's own latest events, each translated with its
 * time, IP address and device in short, a failed one marked; none is said so. Last, against
 * the real audit log: the user's own sign-up shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { languageByTag } from '../../src/lib/languages';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { PASSWORD, uniqueEmail } from '../support/test-server';
import { auditEvent, stubAuditRoutes, untilLogged } from './audit-answers';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const server = useTestServer();

async function signedInWith(events: Record<string, unknown>[]) {
  const stubbed = stubAuditRoutes(server, () => Response.json({ events }));
  const { error } = await stubbed.auth.client.signUp.email({
    email: uniqueEmail('activity'),
    password: PASSWORD,
    name: 'Ann',
  });
  if (error) throw new Error(`sign-up failed: ${error.message}`);
  return stubbed;
}

const when = (iso: string, language = 'en') =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

describe('recent activity', () => {
  it("lists the user's own latest events: what, when, from which IP and device, failures marked", async () => {
    const { auth, requests } = await signedInWith([
      auditEvent({
        type: 'sign-in',
        outcome: 'failure',
        createdAt: '2026-11-22T10:00:00.000Z',
        ipAddress: '198.51.100.4',
      }),
      auditEvent({ type: 'password-changed', createdAt: '2026-11-21T10:00:00.000Z', userAgent: null }),
    ]);
    const user = userEvent.setup({ document });
    renderApp(server, '/account', { auth });
    const nav = await screen.findByRole('navigation', { name: 'Account sections' });
    await user.click(within(nav).getByRole('link', { name: 'Recent activity' }));

    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2));
    const [failed, changed] = screen.getAllByTestId('activity-row') as [HTMLElement, HTMLElement];
    expect(within(failed).getByRole('heading', { level: 3 }).textContent).toBe('Sign-in');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText(when('2026-11-22T10:00:00.000Z'))).toBeTruthy();
    expect(within(failed).getByText('198.51.100.4')).toBeTruthy();
    expect(within(failed).getByText('Firefox 128 on Windows')).toBeTruthy();
    expect(within(changed).getByRole('heading', { level: 3 }).textContent).toBe('Password changed');
    expect(within(changed).queryByText('Failed')).toBeNull();
    expect(within(changed).getByText('Unknown device')).toBeTruthy();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toEqual({ limit: '20' });
    expect(document.title).toBe('Recent activity · Account · Latchkey');
  });

  it('speaks the chosen language', async () => {
    const { auth } = await signedInWith([auditEvent({ type: 'session-revoked' })]);
    renderApp(server, '/account/activity', { auth, language: languageByTag('de') });
    expect(await screen.findByRole('heading', { level: 2, name: 'Letzte Aktivitäten' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Sitzung widerrufen');
    expect(screen.getByText('Firefox 128 unter Windows')).toBeTruthy();
  });

  it('shows 20 at first and the older ones on "Show more", until there are no more', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      auditEvent({
        id: `new-${i}`,
        type: 'sign-in',
        createdAt: `2026-11-22T10:${String(59 - i).padStart(2, '0')}:00.000Z`,
      }),
    );
    const older = [auditEvent({ id: 'old-0', type: 'password-changed', createdAt: '2026-11-01T10:00:00.000Z' })];
    const stubbed = stubAuditRoutes(server, (url) =>
      url.searchParams.get('offset') === '20'
        ? Response.json({ events: older, hasMore: false })
        : Response.json({ events: first, hasMore: true }),
    );
    const { error } = await stubbed.auth.client.signUp.email({
      email: uniqueEmail('more'),
      password: PASSWORD,
      name: 'Ann',
    });
    expect(error).toBeNull();
    const user = userEvent.setup({ document });
    renderApp(server, '/account/activity', { auth: stubbed.auth });
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(21));
    expect(screen.getAllByTestId('activity-row').at(-1)!.dataset.type).toBe('password-changed');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(Object.fromEntries(stubbed.requests.at(-1)!.searchParams)).toEqual({ limit: '20', offset: '20' });
  });

  it('says so when there is no event yet, and what will appear', async () => {
    const { auth } = await signedInWith([]);
    renderApp(server, '/account/activity', { auth });
    expect(
      await screen.findByText('No events yet. Your sign-ins and changes to your account will appear here.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('activity-row')).toBeNull();
  });

  it('shows the sign-up the server recorded, with this browser named', async () => {
    const auth = createTestAuth(server);
    const { error } = await auth.client.signUp.email(
      { email: uniqueEmail('real-activity'), password: PASSWORD, name: 'Rhea Real' },
      { headers: { 'user-agent': FIREFOX_WINDOWS } },
    );
    expect(error).toBeNull();
    await untilLogged(auth, '/audit/list-my-events', {}, (event) => event.type === 'sign-up');
    renderApp(server, '/account/activity', { auth });
    await waitFor(() => expect(screen.getAllByTestId('activity-row').length).toBeGreaterThan(0));
    const signUp = screen.getAllByTestId('activity-row').find((row) => row.dataset.type === 'sign-up')!;
    expect(within(signUp).getByRole('heading', { level: 3 }).textContent).toBe('Sign-up');
    expect(within(signUp).getByText('Firefox 128 on Windows')).toBeTruthy();
  });
});
