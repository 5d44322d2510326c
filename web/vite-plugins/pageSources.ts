import type { Plugin } from 'vite';
// Core's source, not its package: the config loads before any build.
import { PAGE_SOURCES_FILE, pageSourcesFromSettings } from '../../core/src/securityHeaders.js';

/**
 * A build states what it loads from beyond its own origin, as its VITE_ settings (web/.env files
 * and the environment, as Vite resolved them) decide, in PAGE_SOURCES_FILE among its files. The
 * servers' Content-Security-Policy is made from it, so it allows exactly what this build loads:
 * the local host reads it beside the build it serves, and Hosting's headers in firebase.json are
 * checked against it before a deploy (scripts/hosting-headers.mjs).
 */
export function pageSources(): Plugin {
  let env: Record<string, string | undefined> = {};
  return {
    name: 'flipstage-page-sources',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    generateBundle() {
      const source = `${JSON.stringify(pageSourcesFromSettings(env), null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: PAGE_SOURCES_FILE, source });
    },
  };
}
