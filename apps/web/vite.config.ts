/**
 * Vite builds the app into `dist/`, which the standalone server serves at `/`. In development
 * (`npm run dev -w @latchkey/web`) the API and the development outbox are proxied to a server
 * started with `npm start`, so cookies stay first-party.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.LATCHKEY_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // Nothing inlined as data: URLs (fonts would be), so the server's CSP can say font-src 'self'.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000, assetsInlineLimit: 0 },
  server: { proxy: { '/api': { target: api, changeOrigin: false } } },
});
