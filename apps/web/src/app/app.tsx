/**
 * @module The app: providers around a router. The browser uses a browser router; tests pass a
 * memory router over the same routes. A chunk missing after an upgrade reloads the page once
 * (lib/chunk-reload.ts).
 */
import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter, type Router } from '../lib/router';
import type { AppAuth } from '../lib/auth';
import { recoverFromMissingChunks } from '../lib/chunk-reload';
import type { Language } from '../lib/languages';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

export function App({ auth, language, router }: { auth: AppAuth; language: Language; router?: Router }) {
  const [appRouter] = useState(() => router ?? createBrowserRouter(appRoutes));
  useEffect(() => recoverFromMissingChunks(appRouter, window), [appRouter]);
  return (
    <AppProviders auth={auth} language={language}>
      <RouterProvider router={appRouter} />
    </AppProviders>
  );
}
