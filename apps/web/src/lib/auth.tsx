/**
 * @module The app's one auth client, handed down by context so that tests can give the app a
 * client pointed at a test server, and the session read through the app's one query cache. Every
 * call of the app goes through this client; its calls are typed from the standalone server's
 * endpoints.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { createAuthClient, type AuthClient, type EndpointsOf } from '@latchkey/client';
import {
  adminClient,
  auditClient,
  oauthProviderClient,
  organizationClient,
  passkeyClient,
  twoFactorClient,
  usernameClient,
} from '@latchkey/client/plugins';
import type { StandaloneAuth } from '@latchkey/standalone';
import type { AppError } from './app-error';
import { withAppLanguage } from './app-language-fetch';
import { SessionEndSignal } from './session-end-signal';
import { clientErrorOf, unwrap } from './unwrap';

export type { AppError, AppResult, ErrorCode } from './app-error';

export type AppClient = AuthClient<StandaloneAuth>;
/** An endpoint of the standalone server, by the id the client's success events name it with (`signInEmail`). */
export type AppEndpointId = EndpointsOf<StandaloneAuth>['id'];

export interface AppAuth {
  client: AppClient;
  /** For the few calls outside the auth API (the development outbox). */
  baseURL: string;
  fetch: typeof fetch;
  /** The client's 401 answers, and whether the server ended the session (`session-end.ts`). */
  sessionEnd: SessionEndSignal;
}

export interface AppAuthOptions {
  /** The server's origin; the app is served by the server itself, so its own origin by default. */
  baseURL: string;
  /** A test's fetch (cookie jar); the browser's by default. */
  fetch?: typeof fetch;
}

export function createAppAuth({ baseURL, fetch }: AppAuthOptions): AppAuth {
  const send = withAppLanguage(fetch ?? ((input, init) => globalThis.fetch(input, init)));
  const sessionEnd = new SessionEndSignal();
  return {
    client: createAuthClient<StandaloneAuth>({
      baseURL,
      fetchOptions: {
        fetch: send,
        onResponse: (response) => {
          if (response.status === 401) sessionEnd.unauthorized();
        },
      },
      plugins: [
        usernameClient(),
        adminClient(),
        organizationClient(),
        auditClient(),
        twoFactorClient(),
        passkeyClient(),
        oauthProviderClient(),
      ],
    }),
    baseURL,
    fetch: send,
    sessionEnd,
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

/** What `/get-session` answers: `{ session, user }`, or null when signed out. */
export type SessionData = Awaited<ReturnType<typeof getSession>>;

/**
 * Past the cookie cache: this app is where sessions are managed, and a server whose cache vouches
 * for a session for up to a minute could show one revoked elsewhere as live. The app reads its
 * session only on load, on focus, after its own changes and after a 401 (`session-end.ts`), so the
 * cost is one indexed read each time.
 */
function getSession(client: AppClient) {
  return unwrap(client.getSession({ query: { disableCookieCache: true } }));
}

/** The session's key in the query cache: success events that change the session invalidate it. */
export const sessionKey = ['session'] as const;

export interface SessionResult {
  data: SessionData | null;
  error: AppError | null;
  /** True until the first answer arrives. */
  isPending: boolean;
  /**
   * Resolves once the cache holds a session read after the call that changed it. A change's success
   * event has already started that read, so this joins it instead of sending a second one.
   */
  refetch(): Promise<void>;
}

/** The signed-in user and session, shared by every component (one request for all). */
export function useSession(): SessionResult {
  const client = useAuthClient();
  const query = useQuery({ queryKey: sessionKey, queryFn: () => getSession(client) });
  return {
    data: query.data ?? null,
    error: clientErrorOf(query.error),
    isPending: query.isPending,
    refetch: async () => {
      await query.refetch({ cancelRefetch: false });
    },
  };
}

/**
 * Signs out and waits until the session says so: a page reached right after (sign-in, say) must
 * not see the old session first, or it would treat the user as still signed in.
 */
export function useSignOut(): () => Promise<void> {
  const { client } = useAuth();
  const { refetch } = useSession();
  return async () => {
    await client.signOut();
    await refetch();
  };
}
