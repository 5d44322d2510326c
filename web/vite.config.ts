import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** The local host the dev server and preview proxy to; the end-to-end run points it at its own instance. */
const localHost = process.env.FLIPSTAGE_LOCAL_HOST_URL ?? 'http://127.0.0.1:5050';
const proxy = { '/api': localHost, '/blobs': localHost, '/dev': localHost };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@flipstage/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) },
  },
  // The HEIC decoder is imported only by a worker, which the dev server's dependency scan does not
  // follow: found on the first HEIC, it was optimized then and the page reloaded, dropping the upload.
  optimizeDeps: { include: ['libheif-js/libheif-wasm/libheif-bundle.mjs'] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
});
