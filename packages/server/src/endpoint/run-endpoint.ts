/**
 * @module What every call of an endpoint goes through, over HTTP or through `auth.api`: schema
 * validation (400 VALIDATION_ERROR naming the fields), redirect-target checks, session guards,
 * then the handler. The caller owns the response cookies, so the ones queued before a failure
 * (an expired session's clearing) still reach the client with the error.
 */
import type { z } from 'zod';
import type { AuthContext } from '../auth/context';
import type { AnyEndpoint } from './define-endpoint';
import { AuthError, ERRORS, type ErrorEntry } from './errors';
import type { RequestCookies, ResponseCookies } from '../http/cookies';
import { checkRedirectTargets } from '../http/redirect-url';
import { withEventActor } from '../events/event-actor';
import { checkCredentialChange, sessionActorOf, signInContinuation } from '../plugin/run-hooks';
import { sessionCreatedIn } from '../session/create-session';
import { noteCallContinuation } from '../sign-in/call-continuation';
import { readCurrentSession, type CurrentSession } from '../session/current-session';
import type { RequestHeaders } from '../http/transport';

export interface EndpointInput {
  body: unknown;
  query: unknown;
  params: Record<string, string>;
  headers: RequestHeaders;
  clientIp: string | undefined;
  requestCookies: RequestCookies;
  /** Where the guards and the handler queue Set-Cookie headers. */
  cookies: ResponseCookies;
  serverCall: boolean;
}

function validate(schema: z.ZodType, value: unknown, error: ErrorEntry): unknown {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new AuthError(error, {
    details: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

async function guardSession(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  input: EndpointInput,
  cookies: ResponseCookies,
): Promise<CurrentSession | null> {
  const guard = endpoint.session ?? 'none';
  if (guard === 'none') return null;
  // A state change must not ride on a cookie cache that may be up to a minute stale (a revoked session).
  const current = await readCurrentSession(auth, input.requestCookies, cookies, {
    disableCookieCache: endpoint.method !== 'GET' || endpoint.sessionFromDatabase === true,
  });
  if (!current) throw new AuthError(ERRORS.unauthorized);
  const { freshAge } = auth.options.session;
  if (
    guard === 'fresh' &&
    freshAge > 0 &&
    auth.now().getTime() - current.session.createdAt.getTime() > freshAge * 1000
  ) {
    throw new AuthError(ERRORS.sessionNotFresh);
  }
  return current;
}

export async function runEndpoint(auth: AuthContext, endpoint: AnyEndpoint, input: EndpointInput): Promise<unknown> {
  const body = endpoint.body ? validate(endpoint.body, input.body, ERRORS.invalidBody) : undefined;
  const query = endpoint.query ? validate(endpoint.query, input.query, ERRORS.invalidQuery) : undefined;
  checkRedirectTargets(auth.options, endpoint.body, body);
  checkRedirectTargets(auth.options, endpoint.query, query);
  const { cookies } = input;
  // Without a guard, no await: each one is a turn of the microtask queue on every request.
  const session = (endpoint.session ?? 'none') === 'none' ? null : await guardSession(auth, endpoint, input, cookies);
  if (session && endpoint.credentialChange) await checkCredentialChange(auth, session);
  const actor = session ? sessionActorOf(auth, session) : undefined;
  // Given the body as sent: the schema has stripped what the endpoint does not declare.
  const continuation =
    endpoint.method === 'POST'
      ? await signInContinuation(auth, input.body, { headers: input.headers, clientIp: input.clientIp })
      : undefined;
  if (continuation instanceof Response) return continuation;
  if (continuation) noteCallContinuation(cookies, continuation);
  const answer = await withEventActor(actor, () =>
    endpoint.handler({
      auth,
      body,
      query,
      params: input.params,
      headers: input.headers,
      clientIp: input.clientIp,
      requestCookies: input.requestCookies,
      serverCall: input.serverCall,
      cookies,
      session,
    }),
  );
  const created = continuation ? sessionCreatedIn(cookies) : undefined;
  return created && continuation ? continuation(created) : answer;
}
