/** The PageShell port read from a file: the first of `candidates` that exists. */
import { readFile } from 'node:fs/promises';
import type { PageShell } from '../ports/pageShell.js';

/**
 * Read at each request, not cached: the local host's web/dist/index.html changes when the app is
 * rebuilt while it runs, and the deployed function's copy is a few kilobytes in the page cache.
 */
export function filePageShell(candidates: readonly (string | URL)[]): PageShell {
  return {
    async read() {
      for (const path of candidates) {
        try {
          return await readFile(path, 'utf8');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      throw new Error(`No page shell at ${candidates.map(String).join(' or ')}`);
    },
  };
}
