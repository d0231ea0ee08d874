/**
 * @module The app's one auth client and its hooks, handed down by context so that tests can give
 * the app a client pointed at a test server. Every call of the app goes through this client; its
 * calls are typed from the standalone server's endpoints.
 */
import { createContext, useContext, type ReactNode } from 'react';
import {
  createAuthClient,
  type AuthClient,
  type ClientError,
  type ClientResult,
  type ErrorCodeOf,
} from '@latchkey/client';
import { adminClient, organizationClient, usernameClient } from '@latchkey/client/plugins';
import { createAuthHooks, type AuthHooks } from '@latchkey/client/react';
import type { StandaloneAuth } from '@latchkey/standalone';

export type AppClient = AuthClient<StandaloneAuth>;
/** The server's error codes, its plugins' included: comparing a code with any other string does not compile. */
export type ErrorCode = ErrorCodeOf<StandaloneAuth>;
export type AppError = ClientError<ErrorCode>;
export type AppResult<T> = ClientResult<T, ErrorCode>;

export interface AppAuth {
  client: AppClient;
  hooks: AuthHooks<StandaloneAuth>;
  /** For the few calls outside the auth API (the development outbox). */
  baseURL: string;
  fetch: typeof fetch;
}

export interface AppAuthOptions {
  /** The server's origin; the app is served by the server itself, so its own origin by default. */
  baseURL: string;
  /** A test's fetch (cookie jar); the browser's by default. */
  fetch?: typeof fetch;
}

export function createAppAuth({ baseURL, fetch }: AppAuthOptions): AppAuth {
  const client = createAuthClient<StandaloneAuth>({
    baseURL,
    fetchOptions: fetch ? { fetch } : {},
    plugins: [usernameClient(), adminClient(), organizationClient()],
  });
  return {
    client,
    hooks: createAuthHooks(client),
    baseURL,
    fetch: fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}

const AuthContext = createContext<AppAuth | null>(null);

export function AuthProvider({ auth, children }: { auth: AppAuth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): AppAuth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}

export function useAuthClient(): AppClient {
  return useAuth().client;
}

/** The signed-in user and session, shared by every component (one request for all). */
export function useSession() {
  return useAuth().hooks.useSession();
}

/**
 * Signs out and waits until the session store says so: a page reached right after (sign-in, say)
 * must not see the old session first, or it would treat the user as still signed in.
 */
export function useSignOut(): () => Promise<void> {
  const { client } = useAuth();
  const { refetch } = useSession();
  return async () => {
    await client.signOut();
    await refetch();
  };
}
