/**
 * @module Renders the whole app at a path, in a memory router, with a client pointed at the test
 * server through a cookie jar: a component test sees exactly what a user would at that path.
 */
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMemoryRouter, type RouteObject } from '../../src/lib/router';
import { App } from '../../src/app/app';
import { appRoutes } from '../../src/app/routes';
import { createAppAuth, type AppAuth } from '../../src/lib/auth';
import { DEFAULT_LANGUAGE, type Language } from '../../src/lib/languages';
import { preloadAllBundles } from '../../src/lib/locale-bundles';
import { cookieFetch, startTestServer, type TestServer, type TestServerOptions } from './test-server';

// Two test files run at once on two cores; a screen that loads from the server may need more than
// the default second.
configure({ asyncUtilTimeout: 10_000 });

/** Screens the app loads on first visit are loaded (and compiled) here, not inside a test's wait. */
async function preloadLazyRoutes(routes: readonly RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await preloadLazyRoutes(route.children);
    }),
  );
}
await preloadLazyRoutes(appRoutes);
// Every language's texts too: a test sees the screen's words on its first render, as a user of a
// loaded app does.
await preloadAllBundles();

export interface RenderedApp extends RenderResult {
  auth: AppAuth;
  router: ReturnType<typeof createMemoryRouter>;
}

/** `auth` lets a test act as an already signed-in user (sign in through `auth.client` first). */
export function renderApp(
  server: TestServer,
  path: string,
  options: { auth?: AppAuth; language?: Language } = {},
): RenderedApp {
  const auth = options.auth ?? createTestAuth(server);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const result = render(<App auth={auth} language={options.language ?? DEFAULT_LANGUAGE} router={router} />);
  return { ...result, auth, router };
}

export function createTestAuth(server: TestServer): AppAuth {
  return createAppAuth({ baseURL: server.baseURL, fetch: cookieFetch(server.baseURL) });
}

/**
 * One real server for the test file, started before its tests and closed after them; each test
 * starts from an empty page and an empty localStorage. The object is filled in once the server runs.
 */
export function useTestServer(options: TestServerOptions | (() => TestServerOptions) = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(typeof options === 'function' ? options() : options));
  });
  afterAll(() => server.close?.());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
  return server;
}
