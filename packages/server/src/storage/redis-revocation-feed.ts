/**
 * @module The revocation feed on Redis pub/sub (session/revocations.ts): every instance publishes
 * its revocations on one channel and notes the others'.
 *
 * "At once on every instance" is kept by acknowledgement: PUBLISH answers how many instances listen,
 * each of them acknowledges a note once it has noted it, and the publishing request waits for those
 * acknowledgements (a millisecond or two; revocations are rare) before it answers. So the client's
 * next request, to whichever instance, finds the note there. An instance that does not acknowledge
 * within `ACK_TIMEOUT_MS` is logged and not waited for further.
 *
 * Pub/sub keeps nothing for a subscriber that is away, so the feed says when it may have missed
 * something: it is `live` only once Redis has confirmed the subscription, and `lost` as soon as the
 * connection closes; the revocation table then reads caches from the database until it is live
 * again. Neither connection queues commands while Redis is away, so a revocation never waits on a
 * Redis that is down; a publish that fails is logged (the instances that missed it lost the same
 * Redis and are reading from the database already).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../auth/options';
import type { RevocationFeed, RevocationListener } from '../session/revocations';
import { connectRedis, REDIS_TIMEOUT_MS } from './redis-connection';

export interface RedisRevocationFeed extends RevocationFeed {
  /** Resolves once the feed listens (at once if it does now): from then on a cache is believed. */
  whenLive(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisRevocationFeedOptions {
  /** One channel per deployment: instances sharing it share revocations. */
  channel?: string;
  logger?: Logger;
}

/** How long a revocation waits for the other instances to acknowledge it. */
const ACK_TIMEOUT_MS = REDIS_TIMEOUT_MS;

interface Note {
  userId: string;
  at: number;
  /** The publishing instance, and its sequence number: where and what to acknowledge. */
  origin: string;
  seq: number;
}

export function createRedisRevocationFeed(
  url: string,
  { channel = 'latchkey:revocations', logger }: RedisRevocationFeedOptions = {},
): RedisRevocationFeed {
  // Two connections, as Redis requires: a subscribed connection may only listen.
  const { redis: publisher, firstConnection } = connectRedis(url);
  const { redis: subscriber } = connectRedis(url, { autoResubscribe: false });
  const origin = randomUUID();
  const ackChannel = (instance: string) => `${channel}:ack:${instance}`;
  // ioredis reports a refused connection on every retry; the feed reports it once per outage.
  let reported = false;
  const report = (error: unknown) => {
    if (reported) return;
    reported = true;
    logger?.error({ err: error }, 'Revocation feed: Redis is unreachable; session caches are read from the database');
  };
  publisher.on('error', report);
  subscriber.on('error', report);
  // A send that fails is its own event, not an outage: the connections' errors say whether Redis is away.
  const sendFailed = (error: unknown) =>
    logger?.warn({ err: error }, 'Revocation feed: a revocation or acknowledgement could not be sent');

  let live = false;
  let waiters: (() => void)[] = [];
  let seq = 0;
  /**
   * The acknowledgements of this instance's notes in flight. Registered before the note is
   * published: an acknowledgement may arrive before PUBLISH's answer says how many to expect.
   */
  const acks = new Map<number, { received: number; expected: number; done: () => void }>();

  function track(note: number): { expect(count: number): Promise<void> } {
    let done!: () => void;
    const complete = new Promise<void>((resolve) => (done = resolve));
    const entry = { received: 0, expected: Infinity, done };
    acks.set(note, entry);
    return {
      async expect(count) {
        entry.expected = count;
        if (entry.received >= count) done();
        const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ACK_TIMEOUT_MS).unref());
        if ((await Promise.race([complete, timeout])) === 'late')
          logger?.warn(
            { missing: count - entry.received },
            'Revocation feed: an instance did not acknowledge a revocation in time',
          );
      },
    };
  }

  return {
    async publish({ userId, at }) {
      seq += 1;
      const note: Note = { userId, at, origin, seq };
      const acknowledgements = track(note.seq);
      try {
        await firstConnection();
        // The count includes this instance's own subscription, which does not acknowledge.
        const listening = await publisher.publish(channel, JSON.stringify(note));
        await acknowledgements.expect(listening - (live ? 1 : 0));
      } catch (error) {
        sendFailed(error);
      } finally {
        acks.delete(note.seq);
      }
    },
    listen(listener: RevocationListener) {
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) {
          const note = parseNote(message);
          if (!note || note.origin === origin) return;
          listener.revoked(note);
          publisher.publish(ackChannel(note.origin), String(note.seq)).catch(sendFailed);
        } else {
          const entry = acks.get(Number(message));
          if (entry && ++entry.received >= entry.expected) entry.done();
        }
      });
      const subscribe = () =>
        subscriber.subscribe(channel, ackChannel(origin)).then(() => {
          if (reported) logger?.info({}, 'Revocation feed: listening again');
          reported = false;
          live = true;
          listener.live();
          for (const resolve of waiters) resolve();
          waiters = [];
        }, report);
      subscriber.on('ready', subscribe);
      subscriber.on('close', () => {
        live = false;
        listener.lost();
      });
      if (subscriber.status === 'ready') void subscribe();
    },
    whenLive() {
      return live ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      // Not `quit`: with Redis away it would wait for a reconnection that is no longer wanted.
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

function parseNote(message: string): Note | null {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value !== 'object' || value === null) return null;
    const { userId, at, origin, seq } = value as Record<string, unknown>;
    if (typeof userId !== 'string' || typeof at !== 'number') return null;
    if (typeof origin !== 'string' || typeof seq !== 'number') return null;
    return { userId, at, origin, seq };
  } catch {
    return null;
  }
}
