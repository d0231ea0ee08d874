/**
 * @module How events become rows without holding up the request they describe: each event is
 * queued, and the queue is written in one insert on the next turn of the event loop, as a
 * background task (so shutdown waits for it). A failed write is logged and its events dropped:
 * the request it describes has been answered already, and must never fail for its audit.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PluginHost, AuthEvent } from '../../plugin';
import { insertAuditRows, toAuditRow } from './store';
import type { AuditEventTable } from './schema';

export const AUDIT_WRITE_FAILED = 'Could not write audit events';

/** A flood's 429s make one row per client and window: the rate limit marks the first of them. */
const worthARow = (event: AuthEvent) => event.type !== 'rate-limited' || event.detail?.first === true;

/** The plugin's `event` hook. Queues per auth: one plugin value may serve several auths. */
export function createEventWriter(): (event: AuthEvent, auth: PluginHost) => void {
  const queues = new WeakMap<PluginHost, AuditEventTable[]>();
  return (event, auth) => {
    if (!worthARow(event)) return;
    const queued = queues.get(auth);
    // The row is made now, so its time is the event's, however late the write.
    if (queued) return void queued.push(toAuditRow(event));
    const queue = [toAuditRow(event)];
    queues.set(auth, queue);
    auth.background.run(AUDIT_WRITE_FAILED, async () => {
      await nextTurn();
      // Events after this point start a queue (and a write) of their own.
      queues.delete(auth);
      await insertAuditRows(auth, queue);
    });
  };
}
