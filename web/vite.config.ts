import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Logger, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStylesPerComponent } from './vite-plugins/mantineStyles.js';
import { pageSources } from './vite-plugins/pageSources.js';
// Core's source, not its package: the config loads before any build, and this module imports nothing.
import { injectPageHead, LISTING_HEAD_PATH } from '../core/src/pageShell.js';

/** The local host the dev server and preview proxy to; the end-to-end run points it at its own instance. */
const localHost = process.env.FLIPSTAGE_LOCAL_HOST_URL ?? 'http://127.0.0.1:5050';
// The Auth emulator's routes too: local mode signs in through the local host, which keeps the accounts.
const proxy = Object.fromEntries(
  ['/api', '/blobs', '/dev', '/identitytoolkit.googleapis.com', '/securetoken.googleapis.com', '/emulator'].map(
    (path) => [path, localHost],
  ),
);

const LISTING_PAGE = /^\/marketplace\/([^/?#]+)\/?(?:\?.*)?$/;

/**
 * Issue 25's link previews. index.html's share picture on the site's public URL (VITE_SITE_URL),
 * and /marketplace/{id} with the listing's own head as the functions serve it: the local host
 * answers the head tags (LISTING_HEAD_PATH), which go into the index.html this server would serve,
 * Vite's transformed one in development, the build's in preview. Without the local host the page
 * is the plain app.
 */
function listingPages(): Plugin {
  const serve =
    (shell: (url: string) => Promise<string>, logger: Logger) =>
    (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const id = req.method === 'GET' ? LISTING_PAGE.exec(req.url ?? '')?.[1] : undefined;
      if (id === undefined) return next();
      const url = req.url ?? '/';
      Promise.all([fetch(`${localHost}${LISTING_HEAD_PATH}/${id}`), shell(url)])
        .then(async ([answer, html]) => {
          const { found, head } = (await answer.json()) as { found: boolean; head: string };
          res.statusCode = found ? 200 : 404;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(injectPageHead(html, head));
        })
        .catch((error: unknown) => {
          logger.warn(`${url}: served without the listing's head (${String(error)})`);
          next();
        });
    };
  let siteUrl = '';
  return {
    name: 'flipstage-listing-pages',
    configResolved(config) {
      siteUrl = String(config.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');
    },
    // Crawlers want the share picture's absolute URL: on VITE_SITE_URL when the build knows it.
    transformIndexHtml(html) {
      return siteUrl
        ? html.replace(/(property="og:image"|name="twitter:image") content="\//g, `$1 content="${siteUrl}/`)
        : html;
    },
    configureServer(server) {
      const index = join(server.config.root, 'index.html');
      const shell = async (url: string) => server.transformIndexHtml(url, await readFile(index, 'utf8'));
      server.middlewares.use(serve(shell, server.config.logger));
    },
    configurePreviewServer(server) {
      const index = join(resolve(server.config.root, server.config.build.outDir), 'index.html');
      server.middlewares.use(serve(() => readFile(index, 'utf8'), server.config.logger));
    },
  };
}

/**
 * The heading face's Latin file starts loading with the page (font-display: optional keeps a face
 * that arrives late from moving the headings; app/headingFont.css). Only the build has its hashed name.
 */
function preloadHeadingFont(): Plugin {
  return {
    name: 'flipstage-preload-heading-font',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((file) =>
          /source-serif-4-latin-wght-normal-[\w-]+\.woff2$/.test(file.fileName),
        );
        if (!font) return [];
        const href = `/${font.fileName}`;
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineStylesPerComponent(), listingPages(), preloadHeadingFont(), pageSources()],
  resolve: {
    alias: { '@flipstage/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) },
  },
  // The HEIC decoder is imported only by a worker, which the dev server's dependency scan does not
  // follow: found on the first HEIC, it was optimized then and the page reloaded, dropping the upload.
  optimizeDeps: { include: ['libheif-js/libheif-wasm/libheif-bundle.mjs'] },
  // The entry's static imports go in one chunk, not some thirty: gzip works across one file, and
  // a returning visitor's browser reads one file from its cache instead of thirty (issue 26). The
  // entry module stays its own chunk so the manifest keeps it (scripts/lib/webBudget.mjs finds it there).
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'initial',
              tags: ['$initial'],
              test: (id: string) => !id.endsWith('/src/main.tsx'),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
});
