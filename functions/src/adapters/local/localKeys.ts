/** Random keys kept in a data folder, so what was signed before a restart still verifies after it. */
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The key in `file`, created with `make()` on first use. The new key is written aside and linked
 * into place, so processes starting together (the Functions emulator's workers) all read one key.
 */
export function loadOrCreateKey(file: string, make: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    writeFileSync(temp, `${make()}\n`, { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
  }
  return readFileSync(file, 'utf8').trim();
}
