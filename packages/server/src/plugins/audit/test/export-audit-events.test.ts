/**
 * GET /admin/export-audit-events.csv on every database: the events the filters select, newest
 * first, streamed in batches read by key (events written during the export neither repeat nor
 * skip rows, equal times included), cells safe to open in a spreadsheet; refused with 403 to a
 * role without audit:list.
 */
import { beforeAll, expect, it } from 'vitest';
import { API, BASE_URL, describeEachDialect, type TestClient } from '../../../../test/support/harness';
import { signInWithRole } from '../../admin/test/support/admin-fixtures';
import { AUDIT_EXPORT_BATCH_SIZE } from '../routes/export-audit-events-csv';
import { insertAuditRows, toAuditRow } from '../store';
import { auditPlugins } from './support/audit-fixtures';

const SEEDED = 1100;
const BASE = Date.UTC(2025, 0, 1);
const HEADER =
  'createdAt,type,outcome,method,actorUserId,actorEmail,userId,userEmail,organizationId,ipAddress,userAgent,detail';
const lines = (text: string) => text.split('\r\n').slice(0, -1);

describeEachDialect(
  'exporting audit events',
  (h) => {
    let admin: TestClient;
    let adminId: string;

    beforeAll(async () => {
      const signedIn = await signInWithRole(h(), 'admin', 'admin@audit-export.test');
      admin = signedIn.client;
      adminId = signedIn.user.id;
      await h().auth.context.background.drain();
      // Two events share each instant, so the key's id must break the ties.
      const rows = Array.from({ length: SEEDED }, (_, i) =>
        toAuditRow({
          type: i % 2 === 0 ? 'sign-in' : 'sign-out',
          outcome: i % 3 === 0 ? 'failure' : 'success',
          at: new Date(BASE + Math.floor(i / 2) * 1000),
          method: 'email',
          userId: adminId,
          ipAddress: '203.0.113.7',
          userAgent: i === 0 ? '=cmd|"/c calc"!A1' : 'Firefox, 120',
          detail: i === 0 ? { code: '@evil' } : undefined,
        }),
      );
      await insertAuditRows(h().auth.context, rows);
    });

    it('exports the filtered events newest first with the users named by e-mail', async () => {
      const query = new URLSearchParams({
        userId: adminId,
        type: 'sign-in',
        outcome: 'failure',
        to: new Date(BASE + 10_000).toISOString(),
      });
      const response = await admin.get(`/admin/export-audit-events.csv?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-events.csv"');
      const rows = lines(response.text);
      expect(rows[0]).toBe(HEADER);
      // Failed sign-ins are the even i divisible by 3 (i = 0, 6, 12, 18) within the first 10 seconds.
      expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(
        [18, 12, 6, 0].map((i) => new Date(BASE + (i / 2) * 1000).toISOString()),
      );
      expect(rows[1]).toBe(
        `${new Date(BASE + 9000).toISOString()},sign-in,failure,email,,,${adminId},admin@audit-export.test,,203.0.113.7,"Firefox, 120",`,
      );
      // A user agent and a detail that a spreadsheet would run are quoted as text.
      expect(rows[4]).toBe(
        `${new Date(BASE).toISOString()},sign-in,failure,email,,,${adminId},admin@audit-export.test,,203.0.113.7,"'=cmd|""/c calc""!A1","{""code"":""@evil""}"`,
      );
    });

    it('streams every event once, in batches, though events are written while it reads', async () => {
      const response = await h().auth.handler(
        new Request(
          `${BASE_URL}${API}/admin/export-audit-events.csv?to=${new Date(BASE + SEEDED * 1000).toISOString()}`,
          {
            headers: { cookie: admin.cookieHeader },
          },
        ),
      );
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks.push(read.value);
        // An event older than any not yet read: an offset would now repeat a row.
        if (chunks.length === 2) {
          await insertAuditRows(h().auth.context, [
            toAuditRow({ type: 'sign-out', outcome: 'success', at: new Date(BASE - 1000), userId: 'late' }),
          ]);
        }
      }
      expect(chunks.length).toBeGreaterThanOrEqual(1 + Math.ceil(SEEDED / AUDIT_EXPORT_BATCH_SIZE));
      const rows = lines(new TextDecoder().decode(Buffer.concat(chunks))).slice(1);
      const seeded = rows.filter((row) => !row.includes(',late,'));
      expect(seeded).toHaveLength(SEEDED);
      expect(new Set(seeded).size).toBe(SEEDED);
      const times = seeded.map((row) => row.split(',')[0]!);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('refuses a role without audit:list with 403 and no session with 401', async () => {
      const { client } = await signInWithRole(h(), 'user', 'plain@audit-export.test');
      const refused = await client.get('/admin/export-audit-events.csv');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS',
        message: 'You are not allowed to list audit events',
      });
      expect((await h().client().get('/admin/export-audit-events.csv')).status).toBe(401);
      expect((await admin.get('/admin/export-audit-events.csv?outcome=maybe')).status).toBe(400);
    });

    it('is described in the API document as a text/csv answer', async () => {
      const document = await h().client().get('/openapi.json');
      const operation = document.body.paths['/admin/export-audit-events.csv']?.get;
      expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
      expect(operation.responses['403']).toBeDefined();
    });
  },
  { plugins: auditPlugins() },
);
