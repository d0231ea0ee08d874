/**
 * The admin users list's bulk actions in Chromium against the standalone server: the admin checks
 * several users found by a search, then bans, unbans, revokes the sessions of and removes them, each
 * after the dialog that names the count. After each, the database (the server's SQLite file, read
 * here) holds the change and the audit log one event per user, with the admin as actor; the last
 * sign-in column shows the users' sign-ins, and the removal takes their rows with them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './support/app-server';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { PASSWORD, chooseFromUserMenu, fillSignIn, signUpAdminByApi, signUpByApi } from './support/users';

const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-bulk-'));
const databasePath = join(dataDir, 'bulk.db');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A read of the server's database, opened for each question so it sees every write committed. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const placeholders = (ids: readonly string[]) => ids.map(() => '?').join(', ');

function bannedOf(ids: readonly string[]): number[] {
  return query<{ banned: number }>(
    `select banned from user where id in (${placeholders(ids)}) order by id`,
    ...ids,
  ).map((row) => row.banned);
}

/** The audit events of `type` about these users, as [actor, user] pairs. */
function auditOf(type: string, ids: readonly string[]): [string, string][] {
  return query<{ actorUserId: string; userId: string }>(
    `select actorUserId, userId from auditEvent where type = ? and userId in (${placeholders(ids)}) order by userId`,
    type,
    ...ids,
  ).map((row) => [row.actorUserId, row.userId]);
}

function sessionCount(ids: readonly string[]): number {
  return query<{ n: number }>(`select count(*) as n from session where userId in (${placeholders(ids)})`, ...ids)[0]!.n;
}

async function signInByApi(url: string, email: string): Promise<void> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
}

async function openAdmin(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${url}/sign-in`);
  await fillSignIn(page, ADMIN_EMAIL);
  await page.waitForURL(/\/account/);
  await chooseFromUserMenu(page, 'Admin');
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  return page;
}

/** Checks each listed user's row, then runs the toolbar's action and confirms it in its dialog. */
async function actOnAll(page: Page, emails: readonly string[], button: string, dialog: string): Promise<void> {
  for (const email of emails) {
    await page.getByRole('row').filter({ hasText: email }).getByRole('checkbox').check();
  }
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await toolbar.getByText(`Selected: ${emails.length}`).waitFor();
  await toolbar.getByRole('button', { name: button, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: dialog });
  await confirm.getByRole('button', { name: button, exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
}

describeInBrowser(
  'the admin console: bulk actions',
  (e2e) => {
    it('bans, unbans, revokes the sessions of and removes several users, each confirmed and audited', async () => {
      const { server, browser } = e2e();
      const adminId = await signUpAdminByApi(server, 'Ada Admin');
      const emails = ['bulk-one@example.com', 'bulk-two@example.com', 'bulk-three@example.com'];
      const ids: string[] = [];
      for (const [i, email] of emails.entries()) ids.push(await signUpByApi(server.url, email, `Bulk User ${i + 1}`));
      ids.sort();
      await signUpByApi(server.url, 'bystander@example.com', 'Bystander');

      const admin = await openAdmin(browser, server.url);
      await admin.getByRole('searchbox', { name: 'Search' }).fill('bulk-');
      await expect.poll(() => admin.getByTestId('users-total').textContent()).toBe('Total: 3');
      // Each signed up with a session: the last sign-in column has their dates.
      for (const email of emails) {
        const cell = admin.getByRole('row').filter({ hasText: email }).locator('[data-field="lastSignInAt"]');
        await expect.poll(() => cell.textContent()).toMatch(/\d{4}/);
      }
      await saveScreenshot(admin, 'admin-users-last-sign-in');

      await actOnAll(admin, emails, 'Ban', 'Ban the selected users (3)?');
      await admin.getByTestId('bulk-outcome').getByText('Banned: 3 of 3.').waitFor();
      expect(bannedOf(ids)).toEqual([1, 1, 1]);
      expect(sessionCount(ids)).toBe(0);
      await expect.poll(() => auditOf('user-banned', ids)).toEqual(ids.map((id) => [adminId, id]));
      expect(query('select id from user where email = ? and banned = 1', 'bystander@example.com')).toEqual([]);
      await saveScreenshot(admin, 'admin-bulk-banned');

      await actOnAll(admin, emails, 'Unban', 'Unban the selected users (3)?');
      await admin.getByTestId('bulk-outcome').getByText('Unbanned: 3 of 3.').waitFor();
      expect(bannedOf(ids)).toEqual([0, 0, 0]);
      await expect.poll(() => auditOf('user-unbanned', ids)).toEqual(ids.map((id) => [adminId, id]));

      for (const email of emails) await signInByApi(server.url, email);
      expect(sessionCount(ids)).toBe(3);
      await actOnAll(admin, emails, 'Revoke all sessions', 'Revoke all sessions of the selected users (3)?');
      await admin.getByTestId('bulk-outcome').getByText('Sessions revoked: 3 of 3.').waitFor();
      expect(sessionCount(ids)).toBe(0);
      await expect.poll(() => auditOf('session-revoked', ids).length).toBeGreaterThanOrEqual(3);
      expect(auditOf('session-revoked', ids).every(([actor]) => actor === adminId)).toBe(true);

      await actOnAll(admin, emails, 'Remove', 'Remove the selected users (3)?');
      await admin.getByTestId('bulk-outcome').getByText('Removed: 3 of 3.').waitFor();
      await expect.poll(() => admin.getByTestId('users-total').textContent()).toBe('Total: 0');
      expect(query(`select id from user where id in (${placeholders(ids)})`, ...ids)).toEqual([]);
      expect(query(`select userId from adminLastSignIn where userId in (${placeholders(ids)})`, ...ids)).toEqual([]);
      await expect.poll(() => auditOf('user-removed', ids)).toEqual(ids.map((id) => [adminId, id]));
      expect(query('select id from user where email = ?', 'bystander@example.com')).toHaveLength(1);
      await saveScreenshot(admin, 'admin-bulk-removed');
      await admin.context().close();
    }, 120_000);
  },
  { DATABASE_URL: databasePath },
);
