/**
 * GET /admin/list-users over 1,000 seeded users on every database: each search operator (case-
 * insensitive, `%` and `_` taken literally), each filter operator with values coerced to the
 * column's type, sorting both ways, paging with `total`, the limit's default and cap, and 400s
 * for fields outside the whitelist.
 */
import { beforeAll, expect, it } from 'vitest';
import { adminPlugin, usernamePlugin } from '../../..';
import {
  describeEachDialect,
  type Harness,
  type TestClient,
  type TestResponse,
} from '../../../../test/support/harness';
import { PASSWORD, signInWithRole } from './support/admin-fixtures';

const SEEDED = 1000;
/** The seeded users plus the admin and the plain user each suite signs up. */
const TOTAL = SEEDED + 2;
const BASE = Date.UTC(2025, 0, 1);
const INVALID_QUERY = { code: 'VALIDATION_ERROR', message: 'Invalid query parameters' };
/** SQLite allows 999 bound values per statement in older builds: 90 rows × 10 columns stays under. */
const ROWS_PER_INSERT = 90;

const pad = (i: number) => String(i).padStart(4, '0');

/** Names that a LIKE pattern with unescaped `%` or `_` would confuse with their neighbours. */
const SPECIAL_NAMES: Record<number, string> = {
  0: 'Discount 50% off',
  1: 'Discount 50 percent',
  2: 'under_score',
  3: 'underXscore',
};

function seededUser(i: number) {
  const createdAt = new Date(BASE + i * 60_000);
  const banned = i % 4 === 0;
  return {
    id: `seed-${pad(i)}`,
    name: SPECIAL_NAMES[i] ?? `Member ${pad(i)}`,
    // One address with an underscore, to show `_` is literal in e-mail searches too.
    email: i === 5 ? `seed_${pad(i)}@example.com` : `seed-${pad(i)}@example.com`,
    emailVerified: i % 2 === 0,
    image: null,
    createdAt,
    updatedAt: createdAt,
    role: i % 10 === 0 ? 'admin' : 'user',
    banned,
    banExpires: banned ? new Date(BASE + i * 3_600_000) : null,
  };
}

async function seedUsers(h: Harness): Promise<void> {
  const rows = Array.from({ length: SEEDED }, (_, i) => seededUser(i));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await h.auth.context.db
      .insertInto('user')
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute();
  }
}

/** A fixed address (each suite has its own database), so searches count it exactly. */
async function signUpAdmin(h: Harness): Promise<TestClient> {
  return (await signInWithRole(h, 'admin', 'admin@list.test')).client;
}

function list(client: TestClient, params: Record<string, string | number | boolean> = {}): Promise<TestResponse> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return client.get(`/admin/list-users?${query}`);
}

function ids(response: TestResponse): string[] {
  return response.body.users.map((u: { id: string }) => u.id);
}

describeEachDialect(
  'admin list-users over 1,000 users',
  (h) => {
    let admin: TestClient;
    let plain: TestClient;
    let plainUserId: string;
    const total = async (params: Record<string, string | number | boolean>) => {
      const response = await list(admin, params);
      expect(response.status).toBe(200);
      return response.body.total as number;
    };

    beforeAll(async () => {
      await seedUsers(h());
      admin = await signUpAdmin(h());
      const signedUp = await h().signUp('plain@list.test', PASSWORD, 'Test User');
      plain = signedUp.client;
      plainUserId = signedUp.user.id;
      await h()
        .auth.context.db.updateTable('user')
        .set({ username: 'plain_one' } as never)
        .where('id', '=', plainUserId)
        .execute();
    });

    it('answers the first 100 users and the total, without limit or offset when none were given', async () => {
      const response = await list(admin);
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(TOTAL);
      expect(response.body.users).toHaveLength(100);
      expect(response.body).not.toHaveProperty('limit');
      expect(response.body).not.toHaveProperty('offset');
      // Oldest first by default; rows come back as users, with real booleans and ISO dates.
      expect(response.body.users[0]).toMatchObject({
        id: 'seed-0000',
        email: 'seed-0000@example.com',
        emailVerified: true,
        role: 'admin',
        banned: true,
        createdAt: new Date(BASE).toISOString(),
        banExpires: new Date(BASE).toISOString(),
      });
      expect(response.body.users[1]).toMatchObject({
        id: 'seed-0001',
        emailVerified: false,
        banned: false,
        banExpires: null,
      });
    });

    it('pages through every seeded user in order, each page echoing limit and offset with the same total', async () => {
      const seen: string[] = [];
      for (let offset = 0; offset < SEEDED; offset += 100) {
        const response = await list(admin, {
          sortBy: 'createdAt',
          filterField: 'createdAt',
          filterOperator: 'lt',
          filterValue: '2026-01-01T00:00:00.000Z',
          limit: 100,
          offset,
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ total: SEEDED, limit: 100, offset });
        seen.push(...ids(response));
      }
      expect(seen).toEqual(Array.from({ length: SEEDED }, (_, i) => `seed-${pad(i)}`));
      const last = await list(admin, { sortBy: 'createdAt', limit: 100, offset: 995 });
      expect(ids(last)).toHaveLength(TOTAL - 995);
      expect(last.body).toMatchObject({ total: TOTAL, limit: 100, offset: 995 });
      expect(ids(await list(admin, { offset: 5000 }))).toEqual([]);
    });

    it('caps the limit at 1,000 and refuses a limit below 1 or not a number', async () => {
      const response = await list(admin, { limit: 5000 });
      expect(response.body.users).toHaveLength(1000);
      expect(response.body).toMatchObject({ total: TOTAL, limit: 1000 });
      for (const limit of ['0', '-3', 'ten', '2.5']) {
        const refused = await list(admin, { limit });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject(INVALID_QUERY);
      }
      expect((await list(admin, { offset: -1 })).status).toBe(400);
    });

    it('sorts ascending and descending, breaking ties by id', async () => {
      const seededOnly = { filterField: 'createdAt', filterOperator: 'lt', filterValue: '2026-01-01T00:00:00.000Z' };
      expect(ids(await list(admin, { ...seededOnly, sortBy: 'createdAt', sortDirection: 'asc', limit: 3 }))).toEqual([
        'seed-0000',
        'seed-0001',
        'seed-0002',
      ]);
      expect(ids(await list(admin, { ...seededOnly, sortBy: 'createdAt', sortDirection: 'desc', limit: 3 }))).toEqual([
        'seed-0999',
        'seed-0998',
        'seed-0997',
      ]);
      const byName = await list(admin, {
        searchField: 'name',
        searchValue: 'member',
        sortBy: 'name',
        sortDirection: 'desc',
        limit: 3,
      });
      expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual([
        'Member 0999',
        'Member 0998',
        'Member 0997',
      ]);
      const byEmail = await list(admin, {
        searchValue: 'seed-00',
        searchOperator: 'starts_with',
        sortBy: 'email',
        limit: 3,
      });
      expect(ids(byEmail)).toEqual(['seed-0000', 'seed-0001', 'seed-0002']);
      // Equal roles: the id orders them, so pages neither repeat nor skip.
      const admins = await list(admin, {
        searchValue: 'seed-',
        searchOperator: 'starts_with',
        filterField: 'role',
        filterValue: 'admin',
        sortBy: 'role',
        limit: 3,
      });
      expect(ids(admins)).toEqual([...ids(admins)].sort());
    });

    it('searches e-mails with contains, starts_with and ends_with, whatever the case typed', async () => {
      expect(await total({ searchValue: 'd-012' })).toBe(10);
      expect(await total({ searchValue: 'SEED-012', searchField: 'email', searchOperator: 'contains' })).toBe(10);
      expect(await total({ searchValue: 'seed-', searchOperator: 'starts_with' })).toBe(SEEDED - 1);
      expect(await total({ searchValue: '7@EXAMPLE.com', searchOperator: 'ends_with' })).toBe(100);
      expect(await total({ searchValue: '0012@', searchOperator: 'starts_with' })).toBe(0);
      // An empty search is no search.
      expect(await total({ searchValue: '' })).toBe(TOTAL);
    });

    it('searches names case-insensitively with each operator', async () => {
      expect(await total({ searchField: 'name', searchValue: 'mEMBER 004' })).toBe(10);
      expect(await total({ searchField: 'name', searchValue: 'member', searchOperator: 'starts_with' })).toBe(
        SEEDED - 4,
      );
      expect(await total({ searchField: 'name', searchValue: '99', searchOperator: 'ends_with' })).toBe(10);
      expect(await total({ searchField: 'name', searchValue: 'TEST USER', searchOperator: 'ends_with' })).toBe(2);
    });

    it('takes % and _ in a search literally', async () => {
      const percent = await list(admin, { searchField: 'name', searchValue: '50%' });
      expect(percent.body.users.map((u: { name: string }) => u.name)).toEqual(['Discount 50% off']);
      expect(percent.body.total).toBe(1);
      const underscore = await list(admin, {
        searchField: 'name',
        searchValue: 'under_',
        searchOperator: 'starts_with',
      });
      expect(underscore.body.users.map((u: { name: string }) => u.name)).toEqual(['under_score']);
      expect(await total({ searchField: 'name', searchValue: '%', searchOperator: 'starts_with' })).toBe(0);
      expect(await total({ searchValue: '_' })).toBe(1);
      expect(await total({ searchValue: '!' })).toBe(0);
    });

    it('filters with eq and ne, listing rows without a value as not equal', async () => {
      expect(await total({ filterField: 'role', filterValue: 'admin' })).toBe(101);
      expect(await total({ filterField: 'role', filterOperator: 'ne', filterValue: 'admin' })).toBe(TOTAL - 101);
      expect(await total({ filterField: 'emailVerified', filterOperator: 'eq', filterValue: 'true' })).toBe(500);
      expect(await total({ filterField: 'emailVerified', filterOperator: 'ne', filterValue: 'true' })).toBe(
        TOTAL - 500,
      );
      expect(await total({ filterField: 'banned', filterValue: 'false' })).toBe(TOTAL - 250);
      // better-auth's default filter field is the e-mail.
      expect(await total({ filterValue: 'seed-0042@example.com' })).toBe(1);
      expect(await total({ filterField: 'id', filterValue: 'seed-0042' })).toBe(1);
      expect(await total({ filterField: 'username', filterValue: 'plain_one' })).toBe(1);
      expect(await total({ filterField: 'username', filterOperator: 'ne', filterValue: 'plain_one' })).toBe(TOTAL - 1);
      const banEnd = new Date(BASE + 400 * 3_600_000).toISOString();
      expect(await total({ filterField: 'banExpires', filterOperator: 'ne', filterValue: banEnd })).toBe(TOTAL - 1);
    });

    it('filters dates with lt, lte, gt and gte', async () => {
      const at100 = new Date(BASE + 100 * 60_000).toISOString();
      expect(await total({ filterField: 'createdAt', filterOperator: 'lt', filterValue: at100 })).toBe(100);
      expect(await total({ filterField: 'createdAt', filterOperator: 'lte', filterValue: at100 })).toBe(101);
      expect(await total({ filterField: 'createdAt', filterOperator: 'gt', filterValue: at100 })).toBe(TOTAL - 101);
      expect(await total({ filterField: 'createdAt', filterOperator: 'gte', filterValue: at100 })).toBe(TOTAL - 100);
      // Rows without a ban end compare as nothing.
      const banEnd = new Date(BASE + 400 * 3_600_000).toISOString();
      expect(await total({ filterField: 'banExpires', filterOperator: 'lt', filterValue: banEnd })).toBe(100);
      expect(await total({ filterField: 'banExpires', filterOperator: 'gte', filterValue: banEnd })).toBe(150);
    });

    it('combines a search with a filter and counts only what both match', async () => {
      const response = await list(admin, {
        searchValue: 'seed-00',
        filterField: 'banned',
        filterValue: 'true',
        sortBy: 'createdAt',
        limit: 5,
      });
      expect(response.body.total).toBe(25);
      expect(ids(response)).toEqual(['seed-0000', 'seed-0004', 'seed-0008', 'seed-0012', 'seed-0016']);
    });

    it('answers 400 VALIDATION_ERROR for a sort or filter field outside the whitelist, or a value of the wrong type', async () => {
      const refused: Array<Record<string, string>> = [
        { sortBy: 'password' },
        { sortBy: 'banReason' },
        { sortBy: 'name; drop table user' },
        { filterField: 'password', filterValue: 'x' },
        { filterField: 'constructor', filterValue: 'x' },
        { filterField: 'emailVerified', filterValue: 'yes' },
        { filterField: 'createdAt', filterValue: 'yesterday' },
        { filterField: 'role', filterOperator: 'like', filterValue: 'admin' },
        { searchField: 'role', searchValue: 'admin' },
        { sortDirection: 'up' },
      ];
      for (const params of refused) {
        const response = await list(admin, params);
        expect(response.status, JSON.stringify(params)).toBe(400);
        expect(response.body).toMatchObject(INVALID_QUERY);
      }
      expect((await list(admin, { sortBy: 'password' })).body.details).toEqual([
        expect.objectContaining({ path: 'sortBy' }),
      ]);
    });

    it('answers 403 to a plain user and 401 without a session', async () => {
      const denied = await list(plain);
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
        message: 'You are not allowed to list users',
      });
      const anonymous = await list(h().client());
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    });
  },
  { plugins: [usernamePlugin(), adminPlugin()] },
);

describeEachDialect(
  'admin list-users without the username plugin',
  (h) => {
    it('refuses username as a sort or filter field when no such column exists', async () => {
      const admin = await signUpAdmin(h());
      const response = await list(admin, { sortBy: 'username' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(INVALID_QUERY);
      expect((await list(admin, { filterField: 'displayUsername', filterValue: 'x' })).status).toBe(400);
      expect((await list(admin, { sortBy: 'role', sortDirection: 'desc' })).body.total).toBe(1);
    });
  },
  { plugins: [adminPlugin()] },
);
