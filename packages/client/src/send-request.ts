/**
 * @module One call over HTTP: builds the request (JSON body or query string, cookies included),
 * sends it with retries, and turns the answer into `{ data, error }` — a network failure included,
 * so a caller never needs a try/catch around an auth call.
 */
import { fetchWithRetry } from './fetch-with-retry';
import { followRedirect } from './follow-redirect';
import { parseDates } from './parse-dates';
import { chooseMethod, queryString, splitInput, type HttpMethod } from './request-method';
import { errorFromResponse, networkError, type ClientResult } from './result';
import type { ResolvedClientOptions } from './client-options';
import type { CallOptions } from './client-types';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A call's destination: its path, and its method when a plugin declares the route. */
export interface RequestTarget {
  readonly path: string;
  readonly method?: HttpMethod;
}

export async function sendRequest(
  client: ResolvedClientOptions,
  { path, method: declared }: RequestTarget,
  input: unknown,
  callOptions: CallOptions = {},
  onSuccess?: (method: HttpMethod) => void,
): Promise<ClientResult<unknown>> {
  const { body, query, fetchOptions } = splitInput(input);
  const options: CallOptions = { ...(fetchOptions as CallOptions | undefined), ...callOptions };
  const method = chooseMethod(declared, body, options.method);
  const headers = new Headers(client.headers);
  for (const [name, value] of new Headers(options.headers)) headers.set(name, value);
  const init: RequestInit = { method, headers, credentials: 'include', signal: options.signal };
  if (method === 'POST') {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body ?? {});
  }
  const url = client.baseURL + client.basePath + path + queryString(query);
  const retry = { retry: options.retry ?? client.retry, retryDelay: options.retryDelay ?? client.retryDelay };

  let response: Response;
  try {
    const request = (await client.onRequest?.({ url, init })) ?? { url, init };
    response = await fetchWithRetry(client.fetch, request.url, request.init, retry);
  } catch (error) {
    return networkError(error);
  }
  await client.onResponse?.(response.clone());
  const parsed = parseDates(await readBody(response));
  if (!response.ok) return errorFromResponse(response.status, response.statusText, parsed);
  followRedirect(parsed);
  onSuccess?.(method);
  return { data: parsed, error: null };
}
