/**
 * `npm run backup -- [--data-dir DIR] [--out FOLDER | FILE.tar.gz]`: one archive of local mode's
 * data (database, files, accounts, keys), while the product runs or not. The running host makes
 * it when there is one (functions/src/localHost/control.ts); otherwise this script opens the data
 * folder itself. The folder defaults to FLIPSTAGE_DATA_DIR, else .local/; the archive goes to
 * ~/flipstage-backups/, outside the repository, so deleting the clone or .local/ keeps it.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BACKUP_EXTENSION, backupFileName } from '../functions/src/localHost/backup.js';
import { BackupFault, describeContents, formatSize, inspectBackup } from '../functions/src/localHost/backupArchive.js';
import { makeBackup } from '../functions/src/localHost/backupCommand.js';

const root = fileURLToPath(new URL('..', import.meta.url));
let args;
try {
  args = parseArgs({ options: { 'data-dir': { type: 'string' }, out: { type: 'string' } } });
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run backup -- [--data-dir DIR] [--out FOLDER | FILE.tar.gz]`);
  process.exit(2);
}
const { values } = args;
const dataDir = resolve(values['data-dir'] ?? process.env.FLIPSTAGE_DATA_DIR ?? join(root, '.local'));
const out = resolve(values.out ?? join(homedir(), 'flipstage-backups'));
const target = out.endsWith(BACKUP_EXTENSION) ? out : join(out, backupFileName(new Date()));

try {
  mkdirSync(dirname(target), { recursive: true });
  const written = await makeBackup({ dataDir, target });
  // Read back whole before it is called a backup: a file that cannot be restored is none.
  await inspectBackup(written.path);
  const { manifest } = written;
  const by = manifest.taken === 'online' ? 'by the running host' : 'from the folder (no host had it open)';
  console.log(`Backed up ${dataDir} ${by} in ${(written.ms / 1000).toFixed(1)} s:`);
  console.log(`  ${written.path} (${formatSize(written.bytes)}, read back and checked)`);
  console.log(`  ${describeContents(manifest)}`);
  if (manifest.accounts === null) {
    console.log(`  No kept accounts were found in ${join(dataDir, 'auth')}: the backup holds no sign-ins.`);
  }
  console.log(`Restore it with: npm run restore -- ${written.path}`);
} catch (error) {
  console.error(error instanceof BackupFault ? error.message : `The backup failed: ${(error as Error).message}`);
  process.exit(1);
}
