/**
 * `npm test`'s web bundle budget (scripts/check-web-budget.mjs): what counts as the home route's
 * initial JS in a build manifest, and the verdict against the budget, on a tiny build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeInitialChunks, homeInitialPayload, type ManifestChunk } from '../../../scripts/lib/webBudget.mjs';

const MANIFEST: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  'src/features/home/route.lazy.tsx': { file: 'assets/home.js', imports: ['_react.js', '_box.js'] },
  '_box.js': { file: 'assets/box.js' },
  'src/features/studio/route.lazy.tsx': { file: 'assets/studio.js', imports: ['_react.js'] },
};

let dir: string;
let jsGzipKb: number;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'web-budget-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  let bytes = 0;
  for (const [index, chunk] of Object.values(MANIFEST).entries()) {
    const text = `export const chunk${index} = ${JSON.stringify(Math.random().toString(36).repeat(50))};`;
    writeFileSync(join(dir, chunk.file), text);
    if (chunk.file !== 'assets/studio.js') bytes += gzipSync(text, { level: 9 }).byteLength;
  }
  writeFileSync(join(dir, 'assets', 'index.css'), 'body { margin: 0 }');
  jsGzipKb = bytes / 1024;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('home route initial JS', () => {
  it('is the entry, the home route and what they import statically, each once', () => {
    const files = homeInitialChunks(MANIFEST).map((chunk) => chunk.file);
    expect(files.sort()).toEqual(['assets/box.js', 'assets/home.js', 'assets/index.js', 'assets/react.js']);
  });

  it('passes within the budget', () => {
    const payload = homeInitialPayload(dir, jsGzipKb + 0.1);
    expect(payload.jsKb).toBeCloseTo(jsGzipKb, 5);
    expect(payload.withinBudget).toBe(true);
  });

  it('fails over the budget', () => {
    expect(homeInitialPayload(dir, jsGzipKb - 0.1).withinBudget).toBe(false);
  });

  it('refuses a manifest without the home route', () => {
    expect(() => homeInitialChunks({ 'index.html': { file: 'assets/index.js', isEntry: true } })).toThrow(/home route/);
  });
});
