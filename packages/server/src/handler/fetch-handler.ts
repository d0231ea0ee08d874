/**
 * @module The web-standard handler, `(Request) => Promise<Response>`, that mounts in any framework
 * (Hono, Next.js route handlers, Bun, Deno): a Request becomes a call, an answer a Response.
 */
import { AuthError, ERRORS } from '../endpoint/errors';
import type { Logger } from '../auth/options';
import { readRequestText } from './read-body';
import type { Answer, Dispatch } from '../http/transport';

export interface RequestInfo {
  /** The socket's peer address; the standalone server passes it. */
  clientIp?: string;
}

export type AuthHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

function toResponse(answer: Answer, head: boolean): Response {
  if ('response' in answer) {
    const cookies = [...answer.cookies];
    if (cookies.length === 0) return answer.response;
    // A Response made elsewhere (`Response.redirect()`) may have immutable headers: copy it.
    const copy = new Response(answer.response.body, answer.response);
    for (const cookie of cookies) copy.headers.append('set-cookie', cookie);
    return copy;
  }
  // A copy: the answer's headers may be shared and frozen, and some Response implementations
  // (Hono's Node adapter's) add to the object they are given.
  const response = new Response(head ? null : answer.body, { status: answer.status, headers: { ...answer.headers } });
  for (const cookie of answer.cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** Adds `always` to an answer; a Response made elsewhere may have immutable headers, so it is copied then. */
function withHeaders(response: Response, always: readonly [string, string][]): Response {
  if (always.length === 0) return response;
  let answer = response;
  try {
    for (const [name, value] of always) answer.headers.set(name, value);
  } catch {
    answer = new Response(response.body, response);
    for (const [name, value] of always) answer.headers.set(name, value);
  }
  return answer;
}

/** `alwaysHeaders` go on every answer, errors included (strict-transport.ts). */
export function createFetchHandler(
  dispatch: Dispatch,
  logger: Logger,
  alwaysHeaders: Readonly<Record<string, string>> = {},
): AuthHandler {
  const always = Object.entries(alwaysHeaders);
  const handle = answer(dispatch, logger);
  return async (request, info) => withHeaders(await handle(request, info), always);
}

function answer(dispatch: Dispatch, logger: Logger): AuthHandler {
  return async (request, info) => {
    try {
      const answer = await dispatch({
        method: request.method,
        target: request.url,
        headers: request.headers,
        clientIp: info?.clientIp,
        readBody: (maxBytes) => readRequestText(request, maxBytes),
      });
      return toResponse(answer, request.method === 'HEAD');
    } catch (error) {
      logger.error({ err: error }, 'Request failed outside the router');
      return new AuthError(ERRORS.internal).toResponse();
    }
  };
}
