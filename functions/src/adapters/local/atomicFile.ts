/**
 * A file replaced whole or not at all: written beside its target and renamed over it, so a process
 * killed mid-write leaves the old file (and a stray temp file) rather than half of the new one.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function writeFileAtomically(target: string, data: Uint8Array | string, mode?: number): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, data, mode === undefined ? {} : { mode });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
