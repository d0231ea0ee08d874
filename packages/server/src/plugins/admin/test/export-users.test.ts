/**
 * GET /admin/export-users.csv and list-users' two-factor filter: the export holds what the list's
 * search, filter and sort select, streamed in batches, each cell safe to open in a spreadsheet
 * (formula starts quoted), quoted per RFC 4180, in UTF-8; a role without user:list gets 403.
 */
import { beforeAll, expect, it } from 'vitest';
import { adminPlugin, twoFactorPlugin } from '../../..';
import { API, BASE_URL, describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { EXPORT_BATCH_SIZE } from '../routes/export-users-csv';
import { signInWithRole } from './support/admin-fixtures';

const SEEDED = 1200;
const BASE = Date.UTC(2025, 0, 1);
const ROWS_PER_INSERT = 90;
const INVALID_QUERY = { code: 'VALIDATION_ERROR', message: 'Invalid query parameters' };
const HEADER =
  'id,name,email,emailVerified,twoFactorEnabled,role,banned,banReason,banExpires,createdAt,updatedAt,lastSignInAt';

/** Names a spreadsheet would run as formulas, and ones that need quoting or are not ASCII. */
const SPECIAL_NAMES: Record<number, string> = {
  0: '=HYPERLINK("http://evil.test","x")',
  1: '+1+1',
  2: '-2+3',
  3: '@SUM(A1)',
  4: '\tTabbed',
  5: 'Doe, "Jo"',
  6: 'Ивана Zoë 山田',
};

const pad = (i: number) => String(i).padStart(4, '0');

async function seedUsers(h: Harness): Promise<void> {
  const rows = Array.from({ length: SEEDED }, (_, i) => {
    const createdAt = new Date(BASE + i * 60_000);
    return {
      id: `seed-${pad(i)}`,
      name: SPECIAL_NAMES[i] ?? `Member ${pad(i)}`,
      email: `seed-${pad(i)}@example.com`,
      emailVerified: i % 2 === 0,
      image: null,
      createdAt,
      updatedAt: createdAt,
      role: 'user',
      banned: i % 3 === 0,
      twoFactorEnabled: i % 5 === 0,
    };
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await h.auth.context.db
      .insertInto('user')
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute();
  }
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const lines = (text: string) => text.split('\r\n').slice(0, -1);
const seededOnly = { filterField: 'createdAt', filterOperator: 'lt', filterValue: '2026-01-01T00:00:00.000Z' };

describeEachDialect(
  'admin export-users.csv',
  (h) => {
    let admin: TestClient;
    let adminCookie: string;

    beforeAll(async () => {
      await seedUsers(h());
      admin = (await signInWithRole(h(), 'admin', 'admin@export.test')).client;
      adminCookie = admin.cookieHeader;
    });

    it('filters list-users on twoFactorEnabled, emailVerified and banned, refusing a value of the wrong type', async () => {
      const total = async (params: Record<string, string>) => {
        const response = await admin.get(`/admin/list-users?${query({ ...params, limit: '1' })}`);
        expect(response.status).toBe(200);
        return response.body.total as number;
      };
      expect(await total({ filterField: 'twoFactorEnabled', filterValue: 'true' })).toBe(SEEDED / 5);
      // The admin has no second factor: the "off" filter counts them too.
      expect(await total({ filterField: 'twoFactorEnabled', filterValue: 'false' })).toBe(SEEDED - SEEDED / 5 + 1);
      expect(await total({ filterField: 'emailVerified', filterValue: 'true' })).toBe(SEEDED / 2);
      expect(await total({ filterField: 'banned', filterValue: 'true' })).toBe(SEEDED / 3);
      const wrong = await admin.get(
        `/admin/list-users?${query({ filterField: 'twoFactorEnabled', filterValue: 'yes' })}`,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        ...INVALID_QUERY,
        details: [{ path: 'filterValue', message: 'Expected a boolean' }],
      });
    });

    it('exports every user the filter selects, in the sort asked for, as a UTF-8 CSV attachment', async () => {
      const response = await admin.get(
        `/admin/export-users.csv?${query({ filterField: 'twoFactorEnabled', filterValue: 'true', sortBy: 'createdAt', sortDirection: 'desc' })}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const rows = lines(response.text);
      expect(rows[0]).toBe(HEADER);
      expect(rows).toHaveLength(1 + SEEDED / 5);
      expect(rows[1]).toBe(
        `seed-1195,Member 1195,seed-1195@example.com,false,true,user,false,,,${new Date(BASE + 1195 * 60_000).toISOString()},${new Date(BASE + 1195 * 60_000).toISOString()},`,
      );
      expect(rows.at(-1)).toMatch(/^seed-0000,/);
      // The search applies too.
      const searched = await admin.get(
        `/admin/export-users.csv?${query({ searchValue: 'seed-000', searchOperator: 'starts_with' })}`,
      );
      expect(lines(searched.text).map((line) => line.split(',')[0])).toEqual([
        'id',
        ...Array.from({ length: 10 }, (_, i) => `seed-000${i}`),
      ]);
    });

    it('quotes formula starts with an apostrophe and quotes commas and quotes, keeping other scripts', async () => {
      const response = await admin.get(`/admin/export-users.csv?${query({ ...seededOnly, sortBy: 'createdAt' })}`);
      const names = lines(response.text)
        .slice(1, 8)
        .map((line) => line.slice('seed-0000,'.length, line.indexOf(',seed-')));
      expect(names).toEqual([
        `"'=HYPERLINK(""http://evil.test"",""x"")"`,
        "'+1+1",
        "'-2+3",
        "'@SUM(A1)",
        "'\tTabbed",
        '"Doe, ""Jo"""',
        'Ивана Zoë 山田',
      ]);
    });

    it('streams the file in batches rather than building it in memory', async () => {
      const response = await h().auth.handler(
        new Request(`${BASE_URL}${API}/admin/export-users.csv?${query(seededOnly)}`, {
          headers: { cookie: adminCookie },
        }),
      );
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
      // The header, then one chunk per batch of rows.
      expect(chunks).toHaveLength(1 + Math.ceil(SEEDED / EXPORT_BATCH_SIZE));
      const text = new TextDecoder().decode(Buffer.concat(chunks));
      expect(lines(text)).toHaveLength(1 + SEEDED);
    });

    it('refuses a role without user:list with 403, and an unknown field with 400 before any row', async () => {
      const { client } = await signInWithRole(h(), 'user', 'plain@export.test');
      const refused = await client.get('/admin/export-users.csv');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
        message: 'You are not allowed to list users',
      });
      expect((await h().client().get('/admin/export-users.csv')).status).toBe(401);
      const unknown = await admin.get('/admin/export-users.csv?sortBy=password');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject(INVALID_QUERY);
    });

    it('describes the users export in the API document as text/csv with their 403', async () => {
      const document = await h().client().get('/openapi.json');
      const operation = document.body.paths['/admin/export-users.csv']?.get;
      expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
      expect(operation.responses['403']).toBeDefined();
      expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['searchValue', 'filterField', 'filterValue', 'sortBy']),
      );
      expect(operation.parameters.map((p: { name: string }) => p.name)).not.toContain('limit');
    });
  },
  { plugins: [adminPlugin(), twoFactorPlugin()] },
);

describeEachDialect(
  'admin list-users without the two-factor plugin',
  (h) => {
    it('refuses twoFactorEnabled as a filter field', async () => {
      const { client } = await signInWithRole(h(), 'admin', 'admin@no2fa.test');
      const response = await client.get('/admin/list-users?filterField=twoFactorEnabled&filterValue=true');
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(INVALID_QUERY);
    });
  },
  { plugins: [adminPlugin()] },
);
