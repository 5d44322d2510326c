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
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
});
