/**
 * `npm run restore -- FILE [--data-dir DIR]`: brings back a backup made by `npm run backup`.
 * Checks the whole archive first, refuses while a host has the folder open, and moves the product
 * data the folder holds aside (never deleting it) before the restored data takes its place
 * (functions/src/localHost/restore.ts). The folder defaults to FLIPSTAGE_DATA_DIR, else .local/.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupFault, describeContents } from '../functions/src/localHost/backupArchive.js';
import { restoreBackup } from '../functions/src/localHost/restore.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage: npm run restore -- FILE [--data-dir DIR]';
let args;
try {
  args = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = args;
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const defaultDir = join(root, '.local');
const dataDir = resolve(values['data-dir'] ?? process.env.FLIPSTAGE_DATA_DIR ?? defaultDir);

try {
  const restored = await restoreBackup({ archive: positionals[0]!, dataDir });
  const { manifest } = restored;
  if (restored.movedAside) console.log(`Moved what ${dataDir} held aside to ${restored.movedAside}.`);
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir} in ${(restored.ms / 1000).toFixed(1)} s:`);
  console.log(`  ${describeContents(manifest, restored.rows)}`);
  console.log(`Start FlipStage on it with: ${dataDir === defaultDir ? '' : `FLIPSTAGE_DATA_DIR=${dataDir} `}npm start`);
} catch (error) {
  console.error(error instanceof BackupFault ? error.message : `The restore failed: ${(error as Error).message}`);
  process.exit(1);
}
