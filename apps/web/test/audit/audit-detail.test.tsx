/**
 * An audit event's detail reads as translated, labelled fields, not as stored: on the admin's user
 * page in German, a ban's end is "Läuft ab: <date in German>" and its reason "Grund: …", where the
 * page showed `expiresAt=2026-…` before. And the fields one by one: booleans as yes/no, error codes
 * as the catalogue's message, ids shortened with the whole id in the tooltip, lists joined, and a
 * key this app does not know as words.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import i18next, { type TFunction } from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditDetailFields } from '../../src/lib/audit-detail';
import type { AppAuth } from '../../src/lib/auth';
import { formatDateTime } from '../../src/lib/format-date';
import { languageByTag } from '../../src/lib/languages';
import commonEn from '../../src/locales/en/common.json';
import errorsEn from '../../src/locales/en/errors.json';
import { signInAdmin, signInUser } from '../admin/admin-session';
import { renderApp } from '../support/render-app';
import { startTestServer, type TestServer } from '../support/test-server';
import { untilLogged } from './audit-answers';

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

describe("an audit event's detail", () => {
  it("shows a ban's end and reason translated and formatted on the user page, in German", async () => {
    const member = await signInUser(server);
    const banned = await admin.client.admin.banUser({ userId: member.id, banReason: 'Spam', banExpiresIn: 86_400 });
    expect(banned.error).toBeNull();
    // The client revives the stored ISO text as a Date.
    let expiresAt = '';
    await untilLogged(admin, '/admin/list-audit-events', { userId: member.id, type: 'user-banned' }, (event) => {
      const value: unknown = event.detail?.expiresAt;
      if (value instanceof Date) expiresAt = value.toISOString();
      return event.type === 'user-banned';
    });

    renderApp(server, `/admin/users/${member.id}`, { auth: admin, language: languageByTag('de') });
    const table = await screen.findByRole('table', { name: 'Letzte Ereignisse' });
    const row = await waitFor(() => {
      const found = within(table)
        .getAllByTestId('user-audit-event')
        .find((event) => within(event).queryByText('Benutzer gesperrt'));
      if (!found) throw new Error('no ban row yet');
      return found;
    });
    const detail = within(row).getByTestId('audit-detail');
    expect(within(detail).getByText('Läuft ab:')).toBeTruthy();
    expect(within(detail).getByText(formatDateTime(expiresAt, 'de')).getAttribute('title')).toBe(expiresAt);
    expect(within(detail).getByText('Grund:')).toBeTruthy();
    expect(within(detail).getByText('Spam')).toBeTruthy();
    expect(detail.textContent).not.toContain('expiresAt');
  });
});

describe('the detail fields', () => {
  let t: TFunction;
  beforeAll(async () => {
    const english = i18next.createInstance();
    await english.init({ lng: 'en', resources: { en: { common: commonEn, errors: errorsEn } }, defaultNS: 'common' });
    t = english.t;
  });
  const fields = (method: string | null, detail: Record<string, string | number | boolean | null> | null) =>
    auditDetailFields(t, { method, detail }, 'en').map(({ label, value, title }) =>
      title === undefined ? `${label}: ${value}` : `${label}: ${value} (${title})`,
    );

  it('reads the method by name and an error code as its message', () => {
    expect(fields('email', { code: 'INVALID_EMAIL_OR_PASSWORD' })).toEqual([
      'Method: E-mail and password',
      `Error: ${errorsEn.INVALID_EMAIL_OR_PASSWORD} (INVALID_EMAIL_OR_PASSWORD)`,
    ]);
    expect(fields('social:google', null)).toEqual(['Method: Google']);
    expect(fields(null, null)).toEqual([]);
  });

  it('shows booleans as yes/no, roles by name, lists joined and ids shortened', () => {
    expect(
      fields(null, {
        newDevice: true,
        otherSessionsRevoked: false,
        role: 'admin',
        scope: 'openid profile email',
        clientId: 'a1b2c3d4e5f6g7h8',
      }),
    ).toEqual([
      'New device: Yes',
      'Other sessions ended: No',
      'Role: Admin (admin)',
      'Scopes: openid, profile, email',
      'Client ID: a1b2c3d4… (a1b2c3d4e5f6g7h8)',
    ]);
  });

  it('formats dates by key or as revived, a missing ban end as none, and a lockout as a duration', () => {
    const at = '2026-11-29T15:26:00.000Z';
    expect(fields(null, { expiresAt: at })).toEqual([`Expires: ${formatDateTime(at, 'en')} (${at})`]);
    const revived = { expiresAt: new Date(at) } as unknown as Record<string, string>;
    expect(fields(null, revived)).toEqual([`Expires: ${formatDateTime(at, 'en')} (${at})`]);
    expect(fields(null, { expiresAt: null })).toEqual(['Expires: No end date']);
    expect(fields(null, { lockedSeconds: 900 })).toEqual(['Locked for: 15 minutes']);
  });

  it('reads a key it does not know as words, its value as sent', () => {
    expect(fields('brand-new-method', { someNewKey: 'value', count: 1200 })).toEqual([
      'Method: Brand new method',
      'Some new key: value',
      'Count: 1,200',
    ]);
  });
});
