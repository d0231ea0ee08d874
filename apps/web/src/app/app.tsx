/**
 * @module The app: providers around a router. The browser uses a browser router; tests pass a
 * memory router over the same routes. A chunk missing after an upgrade reloads the page once
 * (lib/chunk-reload.ts).
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider, createBrowserRouter, type createMemoryRouter } from 'react-router';
import type { AppAuth } from '../lib/auth';
import { recoverFromMissingChunks } from '../lib/chunk-reload';
import type { Language } from '../lib/languages';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

export function App({ auth, language, router }: { auth: AppAuth; language: Language; router?: AppRouter }) {
  const [appRouter] = useState(() => router ?? createBrowserRouter(appRoutes));
  useEffect(() => recoverFromMissingChunks(appRouter, window), [appRouter]);
  return (
    <AppProviders auth={auth} language={language}>
      {/* Given ReactDOM's flushSync (as react-router/dom's provider does), `navigate(to, { flushSync: true })`
          commits at once instead of as a transition. */}
      <RouterProvider router={appRouter} flushSync={(commit) => void flushSync(commit)} />
    </AppProviders>
  );
}
