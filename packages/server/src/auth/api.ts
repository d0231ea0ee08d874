/**
 * @module `auth.api`: every endpoint as a typed server-side call. It runs the same validation and
 * guards as HTTP (the session comes from the given headers' cookie), returns the handler's value
 * and throws the catalogue's AuthError. Server-only endpoints exist only here.
 */
import type { AuthContext } from './context';
import type { AnyEndpoint, ApiInput, Api } from '../endpoint/define-endpoint';
import { RequestCookies, ResponseCookies } from '../http/cookies';
import { runEndpoint } from '../endpoint/run-endpoint';
import { JsonAnswer } from '../http/transport';

export function createApi<E extends readonly AnyEndpoint[]>(auth: AuthContext, endpoints: E): Api<E> {
  const api: Record<string, (input?: ApiInput<unknown, unknown>) => Promise<unknown>> = {};
  for (const endpoint of endpoints) {
    api[endpoint.id] = async (input = {}) => {
      const headers = new Headers(input.headers);
      // The handler's cookies have no response to ride on here: a server call gets the value alone.
      const value = await runEndpoint(auth, endpoint, {
        body: input.body,
        query: input.query,
        params: input.params ?? {},
        headers,
        clientIp: undefined,
        requestCookies: new RequestCookies(headers.get('cookie')),
        cookies: new ResponseCookies(),
        serverCall: true,
      });
      return value instanceof JsonAnswer ? value.toResponse() : value;
    };
  }
  return api as Api<E>;
}
