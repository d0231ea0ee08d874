/**
 * How audit rows are written and kept, on every database: a write that fails (the table gone) is
 * logged and never fails the request it describes; rows older than the retention are pruned by
 * the engine's background job, younger ones kept.
 */
import { expect, it } from 'vitest';
import { pruneJobForTests } from '../../../testing';
import { AUDIT_WRITE_FAILED } from '../event-writer';
import { describeEachDialect, uniqueEmail } from '../../../../test/support/harness';
import { PASSWORD } from '../../admin/test/support/admin-fixtures';
import { auditPlugins, auditRows } from './support/audit-fixtures';

const DAY = 24 * 60 * 60;
const errors: string[] = [];

describeEachDialect(
  'audit writes that fail',
  (h) => {
    it('answers the request as if nothing failed, and logs the failed write', async () => {
      const { user } = await h().signUp(uniqueEmail('before'), PASSWORD);
      expect(await auditRows(h(), { userId: user.id })).toHaveLength(1);
      await h().auth.context.db.schema.dropTable('auditEvent').execute();
      errors.length = 0;

      const signIn = await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      const signUp = await h()
        .client()
        .post('/sign-up/email', { email: uniqueEmail('after'), password: PASSWORD, name: 'After' });
      expect(signUp.status).toBe(200);
      await h().auth.context.background.drain();
      expect(errors).toContain(AUDIT_WRITE_FAILED);
    });
  },
  {
    plugins: auditPlugins(),
    logger: { info() {}, warn() {}, error: (_obj, msg) => void errors.push(msg ?? '') },
  },
);

describeEachDialect(
  'audit retention',
  (h) => {
    it('prunes the rows older than the retention and keeps the younger ones', async () => {
      const old = await h().signUp(uniqueEmail('old'), PASSWORD);
      h().clock.advance(20 * DAY);
      const recent = await h().signUp(uniqueEmail('recent'), PASSWORD);
      h().clock.advance(11 * DAY);
      expect(await auditRows(h(), { userId: old.user.id })).toHaveLength(1);

      const deleted = await pruneJobForTests(h().auth).runPass();
      expect(deleted.auditEvent).toBe(1);
      expect(await auditRows(h(), { userId: old.user.id })).toEqual([]);
      expect(await auditRows(h(), { userId: recent.user.id })).toHaveLength(1);
    });
  },
  { plugins: auditPlugins(30) },
);
