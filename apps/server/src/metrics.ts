/**
 * @module Prometheus metrics, made from what the auth tells its observers (events/observer.ts): each
 * answered request, and the events counted here (`countedEvents`). prom-client is imported by
 * `createMetrics` only, which main.ts calls only when metrics are on (METRICS_TOKEN or
 * METRICS_PORT): a server without them never loads it.
 */
import type { AuthEvent, AuthEventType, AuthObserver, PoolStats, RequestRecord } from '@latchkey/server';
import type { Counter, Histogram, Registry } from 'prom-client';

export interface Metrics {
  /** Given to `createAuth` in `observers`. */
  readonly observer: AuthObserver;
  /** The pool is read at each scrape; the auth exists only after its observers were given. */
  watchPool(stats: () => PoolStats | undefined): void;
  readonly contentType: string;
  /** The exposition text of every metric. */
  render(): Promise<string>;
}

/** The event types a counter follows; the engine's emitters must use these names. */
export const countedEvents = [
  'sign-in',
  'sign-in-locked',
  'rate-limited',
  'mail-sent',
  'mail-failed',
  // The OAuth provider's authorizations, consents, token exchanges and revocations (issue #31).
  'oauth-authorized',
  'oauth-consent-granted',
  'oauth-consent-denied',
  'oauth-consent-updated',
  'oauth-consent-revoked',
  'oauth-device-approved',
  'oauth-device-denied',
  'oauth-token-issued',
  'oauth-token-refused',
  'oauth-token-revoked',
  'oauth-token-replayed',
] as const;

/** Auth requests take from a cached session read (~1 ms) to a password hash (~100 ms) and mail. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A request no route matched: one label value, whatever its path, so guesses add no series. */
const UNMATCHED = 'unmatched';
const UNKNOWN = 'unknown';

/**
 * The grant types a token counter's label may take: a refused request names whatever it sent, and
 * each guess must not make a series of its own.
 */
const GRANT_LABELS: Readonly<Record<string, string>> = {
  authorization_code: 'authorization_code',
  refresh_token: 'refresh_token',
  client_credentials: 'client_credentials',
  'urn:ietf:params:oauth:grant-type:device_code': 'device_code',
};
const grantLabel = (method: string | undefined) =>
  method === undefined ? UNKNOWN : Object.hasOwn(GRANT_LABELS, method) ? GRANT_LABELS[method]! : 'other';

interface EventCounters {
  signIns: Counter<'method' | 'outcome'>;
  signInLocks: Counter<'method'>;
  rateLimited: Counter<'route'>;
  mails: Counter<'kind' | 'outcome'>;
  oauthAuthorizations: Counter<'outcome'>;
  oauthConsents: Counter<'decision'>;
  oauthTokens: Counter<'grant_type' | 'outcome'>;
  oauthRevocations: Counter<'cause'>;
}

export async function createMetrics(): Promise<Metrics> {
  const client = await import('prom-client');
  const registry: Registry = new client.Registry();
  // Process memory, CPU, handles, GC and the event loop's lag (nodejs_eventloop_lag_*).
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'latchkey_http_requests_total',
    help: 'Requests answered by the auth API, by route id, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency: Histogram<'route'> = new client.Histogram({
    name: 'latchkey_http_request_duration_seconds',
    help: 'Time to answer an auth API request, by route id',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const counters: EventCounters = {
    signIns: new client.Counter({
      name: 'latchkey_sign_ins_total',
      help: 'Sign-in attempts, by method (email, username, social:<provider>, …) and outcome',
      labelNames: ['method', 'outcome'] as const,
      registers: [registry],
    }),
    signInLocks: new client.Counter({
      name: 'latchkey_sign_in_locks_total',
      help: 'Sign-ins refused because repeated failures locked the account or address',
      labelNames: ['method'] as const,
      registers: [registry],
    }),
    rateLimited: new client.Counter({
      name: 'latchkey_rate_limited_total',
      help: 'Requests refused by the rate limit, by route',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    mails: new client.Counter({
      name: 'latchkey_mails_total',
      help: 'Mails handed to the mailer, by kind and outcome (sent, failed)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    oauthAuthorizations: new client.Counter({
      name: 'latchkey_oauth_authorizations_total',
      help: 'OAuth authorization requests answered to the client: with a code (success) or an error (failure)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    oauthConsents: new client.Counter({
      name: 'latchkey_oauth_consents_total',
      help: "Users' consent decisions: granted, denied, updated, revoked; device_approved, device_denied",
      labelNames: ['decision'] as const,
      registers: [registry],
    }),
    oauthTokens: new client.Counter({
      name: 'latchkey_oauth_tokens_total',
      help: 'Token endpoint exchanges, by grant type and outcome (issued, refused)',
      labelNames: ['grant_type', 'outcome'] as const,
      registers: [registry],
    }),
    oauthRevocations: new client.Counter({
      name: 'latchkey_oauth_revocations_total',
      help: 'OAuth tokens revoked: by a client at /oauth2/revoke (request), or a whole grant for a replayed code or refresh token (replay)',
      labelNames: ['cause'] as const,
      registers: [registry],
    }),
  };
  let poolStats: () => PoolStats | undefined = () => undefined;
  new client.Gauge({
    name: 'latchkey_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting requests) and its maximum; absent for SQLite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStats();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });

  return {
    observer: {
      request(record: RequestRecord) {
        const route = record.routeId ?? UNMATCHED;
        requests.inc({ route, method: record.method, status: record.status });
        latency.observe({ route }, record.durationMs / 1000);
      },
      event: (event) => countEvent(counters, event),
    },
    watchPool(stats) {
      poolStats = stats;
    },
    contentType: registry.contentType,
    render: () => registry.metrics(),
  };
}

/** Exhaustive over `countedEvents`; every other event type counts nothing. */
function countEvent(counters: EventCounters, event: AuthEvent): void {
  const type: AuthEventType = event.type;
  switch (type) {
    case 'sign-in':
      counters.signIns.inc({ method: event.method ?? UNKNOWN, outcome: event.outcome });
      return;
    case 'sign-in-locked':
      counters.signInLocks.inc({ method: event.method ?? UNKNOWN });
      return;
    case 'rate-limited':
      counters.rateLimited.inc({ route: event.method ?? UNKNOWN });
      return;
    case 'mail-sent':
      counters.mails.inc({ kind: event.method ?? UNKNOWN, outcome: 'sent' });
      return;
    case 'mail-failed':
      counters.mails.inc({ kind: event.method ?? UNKNOWN, outcome: 'failed' });
      return;
    case 'oauth-authorized':
      counters.oauthAuthorizations.inc({ outcome: event.outcome });
      return;
    case 'oauth-consent-granted':
      counters.oauthConsents.inc({ decision: 'granted' });
      return;
    case 'oauth-consent-denied':
      counters.oauthConsents.inc({ decision: 'denied' });
      return;
    case 'oauth-consent-updated':
      counters.oauthConsents.inc({ decision: 'updated' });
      return;
    case 'oauth-consent-revoked':
      counters.oauthConsents.inc({ decision: 'revoked' });
      return;
    case 'oauth-device-approved':
      counters.oauthConsents.inc({ decision: 'device_approved' });
      return;
    case 'oauth-device-denied':
      counters.oauthConsents.inc({ decision: 'device_denied' });
      return;
    case 'oauth-token-issued':
      counters.oauthTokens.inc({ grant_type: grantLabel(event.method), outcome: 'issued' });
      return;
    case 'oauth-token-refused':
      counters.oauthTokens.inc({ grant_type: grantLabel(event.method), outcome: 'refused' });
      return;
    case 'oauth-token-revoked':
      counters.oauthRevocations.inc({ cause: 'request' });
      return;
    case 'oauth-token-replayed':
      counters.oauthRevocations.inc({ cause: 'replay' });
      return;
    default:
      return;
  }
}
