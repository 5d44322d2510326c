import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SAMPLES_DIR = join(REPO_ROOT, 'samples');
/** The built binary, exactly as `npx flipstage` runs it. */
export const BIN = join(REPO_ROOT, 'cli', 'bin', 'flipstage.js');
