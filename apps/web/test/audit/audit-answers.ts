/**
 * @module The audit routes answered by the test, everything else by the real test server: a
 * client whose fetch hands `/admin/list-audit-events` and `/audit/list-my-events` to the test's
 * `answer` (and records each such request's URL) and sends every other call, sign-in included,
 * through a cookie jar to the server. The screens' own logic — which query they send, how they
 * show each field — is then tested against known rows, whatever the server records. And, for the
 * tests against the real audit log, a wait for an event to be written.
 */
import { waitFor } from '@testing-library/react';
import type { AuditEvent } from '../../src/lib/audit-event';
import { createAppAuth, type AppAuth } from '../../src/lib/auth';
import { cookieFetch, type TestServer } from '../support/test-server';

const AUDIT_PATHS = ['/api/auth/admin/list-audit-events', '/api/auth/audit/list-my-events'];

export interface StubbedAuth {
  auth: AppAuth;
  /** Every audit request the app sent, in order. */
  requests: URL[];
}

export function stubAuditRoutes(server: TestServer, answer: (url: URL) => Response): StubbedAuth {
  const jar = cookieFetch(server.baseURL);
  const requests: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!AUDIT_PATHS.includes(url.pathname)) return jar(input, init);
    requests.push(url);
    return answer(url);
  };
  return { auth: createAppAuth({ baseURL: server.baseURL, fetch }), requests };
}

let counter = 0;

/** An event as the server sends it (dates as ISO strings), a successful e-mail sign-in by default. */
export function auditEvent(
  fields: Partial<Omit<AuditEvent, 'createdAt'>> & {
    createdAt?: string;
    actorEmail?: string | null;
    userEmail?: string | null;
  } = {},
): Record<string, unknown> {
  counter += 1;
  return {
    id: `event-${counter}`,
    type: 'sign-in',
    outcome: 'success',
    method: 'email',
    actorUserId: 'user-1',
    userId: 'user-1',
    organizationId: null,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    detail: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    // The admin list's: the users' e-mails (list-my-events has none; the screens fall back to ids).
    actorEmail: null,
    userEmail: null,
    ...fields,
  };
}

/**
 * Waits until the real server's audit log holds an event `match` accepts: the audit plugin writes
 * off the request, in batches, so an event can land just after the answer of what caused it.
 */
export async function untilLogged(
  auth: AppAuth,
  path: '/admin/list-audit-events' | '/audit/list-my-events',
  query: Record<string, string>,
  match: (event: AuditEvent) => boolean,
): Promise<void> {
  await waitFor(async () => {
    const { data, error } = await auth.client.$fetch<{ events: AuditEvent[] }>(path, { query }, { method: 'GET' });
    if (error) throw new Error(`${path} answered ${error.code}`);
    if (!data.events.some(match)) throw new Error(`no such event yet in ${path}`);
  });
}
