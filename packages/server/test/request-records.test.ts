import { expect, it } from 'vitest';
import type { RequestRecord } from '../src/events/observer';
import { describeEachDialect } from './support/harness';

const records: RequestRecord[] = [];

describeEachDialect(
  'request records for observers',
  (h) => {
    it('each answered request is recorded once with its route id, status and duration', async () => {
      records.length = 0;
      await h().client().get('/ok');
      await h().client().post('/sign-in/email', { email: 'nobody@example.com', password: 'wrong password here' });
      expect(records).toEqual([
        { routeId: 'ok', method: 'GET', status: 200, durationMs: expect.any(Number) },
        { routeId: 'signInEmail', method: 'POST', status: 401, durationMs: expect.any(Number) },
      ]);
      expect(records.every((record) => record.durationMs >= 0)).toBe(true);
    });

    it('a path no route matches is recorded without a route id', async () => {
      records.length = 0;
      expect((await h().client().get('/no-such-route')).status).toBe(404);
      expect(records).toEqual([{ routeId: undefined, method: 'GET', status: 404, durationMs: 0 }]);
    });
  },
  { observers: [{ request: (record) => records.push(record) }] },
);
