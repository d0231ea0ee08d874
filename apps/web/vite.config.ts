/**
 * Vite builds the app into `dist/`, which the standalone server serves at `/`. In development
 * (`npm run dev -w @latchkey/web`) the API and the development outbox are proxied to a server
 * started with `npm start`, so cookies stay first-party. The build writes brotli and gzip copies
 * of its text files, which the server sends to browsers that accept them. Browser tests build the
 * app for each test file, in mode `test`: there brotli runs at a quick setting (copies about a
 * tenth larger) instead of the maximum, which costs seconds of CPU per build.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin';

const api = process.env.LATCHKEY_URL ?? 'http://localhost:3000';

function chunkFileName(chunk: { facadeModuleId?: string | null }): string {
  const locale = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
  return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

export default defineConfig(({ mode }) => ({
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
    rollupOptions: { output: { chunkFileNames: chunkFileName } },
  },
  server: { proxy: { '/api': { target: api, changeOrigin: false } } },
}));
