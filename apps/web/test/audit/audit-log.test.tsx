import '../support/dom';
/**
 * The admin console's audit log screen and the user page's latest events, with the audit routes
 * answered by the test (audit-answers.ts) and everything else by a real server: the screen asks
 * the server for one page at a time with the filters chosen above the grid, and shows each event
 * translated, its outcome, its users linked to their pages and the device in short. Last, the
 * same screens against the real audit log: what the server recorded is what they show, and a
 * non-admin's call is refused with the catalogue's message.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { ADMIN_EMAIL, PASSWORD, uniqueEmail, verifyAddressByMail } from '../support/test-server';
import { formatAuditTime } from '../../src/features/admin/components/audit-columns';
import { auditEvent, stubAuditRoutes, untilLogged } from './audit-answers';

const server = useTestServer();

/** What the stub answers next, and every audit request the app sent. */
type Answer = { events: Record<string, unknown>[]; total: number };
/** What the stub answers next: a page, or a page per request. */
let page: Answer | ((url: URL) => Answer) = { events: [], total: 0 };
let requests: URL[] = [];
let admin: AppAuth;

beforeAll(async () => {
  const stubbed = stubAuditRoutes(server, (url) => Response.json(typeof page === 'function' ? page(url) : page));
  requests = stubbed.requests;
  admin = stubbed.auth;
  const signUp = await admin.client.signUp.email({ email: ADMIN_EMAIL, password: PASSWORD, name: 'Ada Admin' });
  if (signUp.error) throw new Error(`admin sign-up failed: ${signUp.error.message}`);
  // The listed address is admin once verified; signed in again, the session carries the role.
  await verifyAddressByMail(server, ADMIN_EMAIL);
  const signIn = await admin.client.signIn.email({ email: ADMIN_EMAIL, password: PASSWORD });
  if (signIn.error) throw new Error(`admin sign-in failed: ${signIn.error.message}`);
});

const lastQuery = () => Object.fromEntries(requests.at(-1)!.searchParams);
const total = () => screen.getByTestId('audit-total').textContent;

describe('the audit log screen', () => {
  it('shows each event translated, with its outcome, linked users, IP, device and detail', async () => {
    const failed = auditEvent({
      type: 'sign-in',
      outcome: 'failure',
      actorUserId: null,
      userId: 'user-bob',
      userEmail: 'bob@example.com',
      detail: { code: 'INVALID_EMAIL_OR_PASSWORD' },
    });
    const changed = auditEvent({ type: 'password-changed', method: null, createdAt: '2026-11-21T08:00:00.000Z' });
    page = { events: [changed, failed], total: 2 };
    renderApp(server, '/admin/audit', { auth: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    await waitFor(() => expect(total()).toBe('Total: 2'));
    expect(lastQuery()).toEqual({ limit: '10', offset: '0' });
    const grid = screen.getByRole('grid', { name: 'Audit events' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3));
    const rows = within(grid).getAllByRole('row').slice(1);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Password changed')).toBeTruthy();
    expect(within(first).getByText('Succeeded')).toBeTruthy();
    expect(within(first).getByText(formatAuditTime('2026-11-21T08:00:00.000Z', 'en'))).toBeTruthy();
    expect(within(second).getByText('Sign-in')).toBeTruthy();
    expect(within(second).getByText('Failed')).toBeTruthy();
    // A user shows by e-mail, linked to their page; one without an e-mail (deleted) by id.
    expect(within(second).getByRole('link', { name: 'bob@example.com' }).getAttribute('href')).toBe(
      '/admin/users/user-bob',
    );
    expect(within(first).getAllByRole('link', { name: 'user-1' })).toHaveLength(2);
    expect(within(second).getByText('203.0.113.7')).toBeTruthy();
    expect(within(second).getByText('Firefox 128 on Windows')).toBeTruthy();
    // Method and detail as labelled fields: the method by name, the code as the catalogue's message.
    const detail = within(second).getByTestId('audit-detail');
    expect(within(detail).getByText('E-mail and password')).toBeTruthy();
    expect(within(detail).getByText('Invalid e-mail or password.').getAttribute('title')).toBe(
      'INVALID_EMAIL_OR_PASSWORD',
    );
  });

  it('an empty log says what will appear; an empty filtered view says to change or clear the filters', async () => {
    page = { events: [], total: 0 };
    renderApp(server, '/admin/audit', { auth: admin });
    expect(
      await screen.findByText('No events recorded. Sign-ins and account changes appear here as they happen.'),
    ).toBeTruthy();
    cleanup();
    renderApp(server, '/admin/audit?type=password-changed', { auth: admin });
    expect(await screen.findByText('No events match these filters. Change or clear the filters.')).toBeTruthy();
  });

  it('asks the server for the chosen event type, user and time range, from the first page', async () => {
    // The total tells the filtered answers from the unfiltered one.
    page = (url) => ({ events: [auditEvent()], total: url.searchParams.size === 2 ? 1 : 100 });
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/admin/audit', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 1'));

    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Password changed' }));
    await waitFor(() => expect(lastQuery()).toEqual({ type: 'password-changed', limit: '10', offset: '0' }));
    // The filters are in the address, so the view can be reloaded and shared.
    expect(router.state.location.search).toBe('?type=password-changed');

    // The user is picked by e-mail, from the users the server finds; the log is asked by id.
    const adminId = (await admin.client.getSession()).data!.user.id;
    await user.type(screen.getByRole('combobox', { name: 'User (e-mail)' }), ADMIN_EMAIL.slice(0, 6));
    await user.click(await screen.findByRole('option', { name: new RegExp(ADMIN_EMAIL) }));
    await waitFor(() => expect(lastQuery().userId).toBe(adminId));
    expect((screen.getByRole('combobox', { name: 'User (e-mail)' }) as HTMLInputElement).value).toBe(ADMIN_EMAIL);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20T10:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20T11:30' } });
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        userId: adminId,
        type: 'password-changed',
        // Picked in local time, sent as instants; "to" takes in its whole minute.
        from: new Date('2026-11-20T10:00').toISOString(),
        to: new Date(new Date('2026-11-20T11:30').getTime() + 59_999).toISOString(),
        limit: '10',
        offset: '0',
      }),
    );

    await waitFor(() => expect(total()).toBe('Total: 100'));

    // Back to the unfiltered page, which the screen already holds.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(total()).toBe('Total: 1'));
    expect(router.state.location.search).toBe('');
    expect((screen.getByRole('combobox', { name: 'User (e-mail)' }) as HTMLInputElement).value).toBe('');
  });

  it('pages on the server, and a new filter starts again at the first page', async () => {
    page = { events: Array.from({ length: 10 }, () => auditEvent()), total: 25 };
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/audit', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 25'));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery()).toEqual({ limit: '10', offset: '10' }));

    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Sign-out' }));
    await waitFor(() => expect(lastQuery()).toEqual({ type: 'sign-out', limit: '10', offset: '0' }));
  });

  it("opened with a user in its address, shows that user's events", async () => {
    page = { events: [auditEvent({ userId: 'user-7' })], total: 1 };
    renderApp(server, '/admin/audit?userId=user-7', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 1'));
    expect(requests.at(-1)!.searchParams.get('userId')).toBe('user-7');
    // A user the server does not know (deleted) shows by id.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'User (e-mail)' }) as HTMLInputElement).value).toBe('user-7'),
    );
  });

  it("is reached from the users screen through the console's navigation", async () => {
    page = { events: [], total: 0 };
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users', { auth: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin console sections' });
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    await waitFor(() => expect(total()).toBe('Total: 0'));
  });
});

describe("the user page's latest events", () => {
  it("lists the user's latest events and links to the whole log filtered by the user", async () => {
    const created = await admin.client.admin.createUser({
      email: 'eve.events@example.com',
      name: 'Eve Events',
      password: PASSWORD,
    });
    const id = created.data!.user.id;
    page = {
      events: [
        auditEvent({ type: 'sign-in', outcome: 'failure', userId: id, detail: { code: 'INVALID_EMAIL_OR_PASSWORD' } }),
        auditEvent({ type: 'user-created', userId: id, actorUserId: 'admin-1', method: null }),
      ],
      total: 2,
    };
    renderApp(server, `/admin/users/${id}`, { auth: admin });

    const section = await screen.findByRole('region', { name: 'Audit log' });
    const table = await within(section).findByRole('table', { name: 'Latest events' });
    const rows = within(table).getAllByTestId('user-audit-event');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Sign-in', 'User created']);
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Firefox 128 on Windows')).toBeTruthy();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toEqual({ userId: id, limit: '10', offset: '0' });
    expect(within(section).getByRole('link', { name: 'Show all in the audit log' }).getAttribute('href')).toBe(
      `/admin/audit?userId=${id}`,
    );
  });
});

describe('against the real audit log', () => {
  it("shows a user's failed sign-in on the screen and on the user's page", async () => {
    const realAdmin = createTestAuth(server);
    expect((await realAdmin.client.signIn.email({ email: ADMIN_EMAIL, password: PASSWORD })).error).toBeNull();
    const email = uniqueEmail('audited');
    const created = await realAdmin.client.admin.createUser({ email, name: 'Olga Audited', password: PASSWORD });
    const id = created.data!.user.id;
    const attempt = await createTestAuth(server).client.signIn.email({ email, password: 'not the password at all' });
    expect(attempt.error?.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    await untilLogged(realAdmin, '/admin/list-audit-events', { userId: id }, (event) => event.outcome === 'failure');

    renderApp(server, `/admin/audit?userId=${id}&type=sign-in`, { auth: realAdmin });
    await waitFor(() => expect(total()).toBe('Total: 1'));
    const grid = screen.getByRole('grid', { name: 'Audit events' });
    // The total can show before the grid has put in its rows: wait for the row too.
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
    const row = within(grid).getAllByRole('row')[1]!;
    expect(within(row).getByText('Sign-in')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByRole('link', { name: email }).getAttribute('href')).toBe(`/admin/users/${id}`);
    cleanup();

    renderApp(server, `/admin/users/${id}`, { auth: realAdmin });
    const section = await screen.findByRole('region', { name: 'Audit log' });
    const table = await within(section).findByRole('table', { name: 'Latest events' });
    const labels = within(table)
      .getAllByTestId('user-audit-event')
      .map((event) => within(event).getAllByRole('cell')[1]!.textContent);
    expect(labels).toEqual(['Sign-in', 'User created']);
  });

  it("refuses a non-admin's call with the catalogue's message", async () => {
    const member = createTestAuth(server);
    await member.client.signUp.email({ email: uniqueEmail('member'), password: PASSWORD, name: 'Max Member' });
    const { error } = await member.client.admin.listAuditEvents({ query: {} });
    expect(error).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS' });
  });
});
