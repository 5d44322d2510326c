import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const localHost = 'http://127.0.0.1:5050';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@flipstage/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': localHost, '/blobs': localHost, '/dev': localHost },
  },
  preview: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': localHost, '/blobs': localHost, '/dev': localHost },
  },
});
