// The renderer: React + Vite. Relative base so the same build loads over file:// (Electron) and
// from the loopback HTTP server (headless web UI).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { RENDERER_META_CSP } from '../shared/csp.ts';

/**
 * Puts the renderer's CSP into the built index.html as its first tag, so it covers every resource
 * the page loads. Build only: the dev server's React refresh preamble is an inline script, which
 * this policy forbids.
 */
const cspMeta: Plugin = {
  name: 'folio-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_META_CSP }, injectTo: 'head-prepend' }],
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react(), cspMeta],
  build: {
    outDir: fileURLToPath(new URL('./dist/', import.meta.url)),
    emptyOutDir: true,
    // No inline scripts or styles: the CSP allows only the app's own files.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
