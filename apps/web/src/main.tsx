/**
 * @module The browser entry: the app served by the Latchkey server itself, so the API is on the
 * page's own origin and cookies are first-party. Fonts are bundled, never fetched from a CDN.
 */
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppAuth } from './lib/auth';
import { initialLanguage } from './lib/languages';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App
      auth={createAppAuth({ baseURL: window.location.origin })}
      language={initialLanguage(window.localStorage, navigator.languages)}
    />
  </StrictMode>,
);
