/**
 * @module What the auth screens' tests share: users made through the API (faster than the form,
 * which has its own tests), a fetch that counts the requests to one route, the client's event that
 * a route has answered, and the message MUI shows under a field (its helper text, which the input names as its description).
 */
import { createAppAuth, type AppAuth } from '../../src/lib/auth';
import { createTestAuth } from '../support/render-app';
import { cookieFetch, PASSWORD, uniqueEmail, type TestServer } from '../support/test-server';

export interface TestUser {
  auth: AppAuth;
  email: string;
  username: string | undefined;
  userId: string;
}

/** A user with a password (and a session in `auth`'s cookie jar). */
export async function createUser(
  server: TestServer,
  options: { email?: string; username?: string } = {},
): Promise<TestUser> {
  const auth = createTestAuth(server);
  const email = options.email ?? uniqueEmail('auth');
  const { data, error } = await auth.client.signUp.email({
    name: 'Test User',
    email,
    password: PASSWORD,
    ...(options.username ? { username: options.username } : {}),
  });
  if (error) throw new Error(`sign-up failed: ${error.code}`);
  return { auth, email, username: options.username, userId: data.user.id };
}

/** An app auth whose fetch records the paths it was asked for and the cookies it was given. */
export function recordingAuth(server: TestServer): { auth: AppAuth; paths: string[]; setCookies: string[] } {
  const paths: string[] = [];
  const setCookies: string[] = [];
  const inner = cookieFetch(server.baseURL);
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    const response = await inner(input, init);
    setCookies.push(...response.headers.getSetCookie());
    return response;
  }) as typeof globalThis.fetch;
  return { auth: createAppAuth({ baseURL: server.baseURL, fetch }), paths, setCookies };
}

/**
 * Resolves when `auth`'s client next hears a successful answer from `path` (its `$onSuccess`
 * event): what a test waits for before asserting that the answer changed nothing on screen.
 */
export function nextSuccess(auth: AppAuth, path: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = auth.client.$onSuccess((answered) => {
      if (answered !== path) return;
      stop();
      resolve();
    });
  });
}

/** The text under a MUI field (its helper text or error), found through aria-describedby. */
export function fieldMessage(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

let counter = 0;
/** A username the rules accept and no other test uses. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${counter}_${Math.random().toString(36).slice(2, 7)}`;
}
