/**
 * @module The browser entry: the app served by the Latchkey server itself, so the API is on the
 * page's own origin and cookies are first-party. No font is downloaded (the theme uses the
 * platform's own, lib/theme.ts); the translations come from the same server, the chosen language's
 * first ones before the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppAuth } from './lib/auth';
import { initialLanguage } from './lib/languages';
import { preloadLanguage } from './lib/locale-bundles';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const language = initialLanguage(window.localStorage, navigator.languages);
// The first screen's texts arrive before the first render, so no key ever shows in their place.
// Should they fail to load, the app renders anyway: i18next asks again for what it lacks.
await preloadLanguage(language).catch(() => undefined);
createRoot(root).render(
  <StrictMode>
    <App auth={createAppAuth({ baseURL: window.location.origin })} language={language} />
  </StrictMode>,
);
