/**
 * Vite builds the app into `dist/`, which the standalone server serves at `/`. In development
 * (`npm run dev -w @latchkey/web`) the API and the development outbox are proxied to a server
 * started with `npm start`, so cookies stay first-party. The build writes brotli and gzip copies
 * of its text files, which the server sends to browsers that accept them. Browser tests build the
 * app for each test file, in mode `test`: there brotli runs at a quick setting (copies about a
 * tenth larger) instead of the maximum, which costs seconds of CPU per build.
 */
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin';

/**
 * React's API served by Preact's compatibility layer (#32 item 22): the app keeps its React code and
 * its React libraries (MUI, react-hook-form, TanStack Query…), but ships Preact's ~7 KB instead of
 * React DOM's ~55 KB. Aliased to files, not to package names, so that every importer shares one
 * copy. Only the build is aliased (the development server and the component tests render with React
 * itself): the browser tests are what check the app on Preact.
 */
const preactDir = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const preact = (file: string) => join(preactDir, file);
const REACT_ON_PREACT = [
  { find: /^react$/, replacement: preact('compat/dist/compat.mjs') },
  { find: /^react-dom$/, replacement: preact('compat/dist/compat.mjs') },
  { find: /^react-dom\/client$/, replacement: preact('compat/client.mjs') },
  { find: /^react\/jsx-runtime$/, replacement: preact('jsx-runtime/dist/jsxRuntime.mjs') },
  { find: /^react\/jsx-dev-runtime$/, replacement: preact('jsx-runtime/dist/jsxRuntime.mjs') },
];

const api = process.env.LATCHKEY_URL ?? 'http://localhost:3000';

function chunkFileName(chunk: { facadeModuleId?: string | null }): string {
  const locale = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
  return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

export default defineConfig(({ command, mode }) => ({
  root: import.meta.dirname,
  plugins: [react(), precompress(mode === 'test' ? { brotliQuality: 5 } : {})],
  // Nothing inlined as data: URLs (fonts would be), so the server's CSP can say font-src 'self'.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    assetsInlineLimit: 0,
    // Each translation file is a chunk loaded on demand (src/lib/locale-bundles.ts), named by its
    // language and namespace: `locale-de-auth-<hash>.js`.
    rollupOptions: {
      output: {
        chunkFileNames: chunkFileName,
        // Everything the first screen needs in one chunk (`$initial`: what the entry imports,
        // directly or not), where rolldown's default made some fifty small ones: one file
        // compresses about 15% smaller, as brotli sees the whole of it (#32 item 22). What a
        // screen loads on first visit stays its own chunk.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  // The development server keeps React, for its fast refresh (plugin-react's runtime is React's).
  resolve: command === 'build' ? { alias: REACT_ON_PREACT } : {},
  server: { proxy: { '/api': { target: api, changeOrigin: false } } },
}));
