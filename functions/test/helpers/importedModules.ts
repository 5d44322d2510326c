/**
 * What importing some modules loads, seen from a fresh Node process: every module URL it resolves
 * (recordImports.mjs) and every native library mapped into it (/proc/self/maps), so a heavy
 * module is caught whether it arrives by import, by require or as a .node addon.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const FUNCTIONS_DIR = fileURLToPath(new URL('../../', import.meta.url));
const HOOKS = new URL('./recordImports.mjs', import.meta.url).href;

export interface ImportedModules {
  /** Resolved module URLs, in order. */
  modules: string[];
  /** Paths of the shared objects and addons mapped into the process. */
  nativeLibraries: string[];
}

/** Imports the given files (relative to functions/) in a child process running TypeScript through tsx. */
export async function modulesLoadedBy(files: string[]): Promise<ImportedModules> {
  const dir = mkdtempSync(join(tmpdir(), 'flipstage-imports-'));
  const record = join(dir, 'modules.txt');
  const register = `import { register } from 'node:module'; register(${JSON.stringify(HOOKS)}, { data: { file: ${JSON.stringify(record)} } });`;
  const imports = files
    .map((file) => `await import(${JSON.stringify(pathToFileURL(join(FUNCTIONS_DIR, file)).href)});`)
    .join('\n');
  const report = `process.stdout.write((await import('node:fs')).readFileSync('/proc/self/maps', 'utf8'));`;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        `data:text/javascript,${encodeURIComponent(register)}`,
        '--input-type=module',
        '-e',
        `${imports}\n${report}`,
      ],
      { cwd: FUNCTIONS_DIR, maxBuffer: 16 * 1024 * 1024 },
    );
    const nativeLibraries = [
      ...new Set(
        stdout
          .split('\n')
          .map((line) => line.split(/\s+/)[5] ?? '')
          .filter((path) => /\.(so[.\d]*|node)$/.test(path)),
      ),
    ];
    return { modules: readFileSync(record, 'utf8').split('\n').filter(Boolean), nativeLibraries };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
