/**
 * The local host's control routes, for the scripts on this machine (`npm run backup`): mounted at
 * CONTROL_ROUTE, answered only with the token of the control file it writes (controlFile.ts).
 * The running host makes the backup itself because PGlite's files belong to the one process that
 * has them open: neither a second process nor a copy of the files while it writes is a snapshot.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import express, { Router, type Response } from 'express';
import type { PGlite } from '@electric-sql/pglite';
import { logs, type Logger } from '../logs.js';
import { BackupFault } from './backupArchive.js';
import { writeBackup, type WrittenBackup } from './backup.js';
import { CONTROL_FILE, removeControlFile, writeControlFile } from './controlFile.js';

export interface ControlOptions {
  dataDir: string;
  /** Where this host answers on this machine (its own address, not a public base URL). */
  url: string;
  db: PGlite;
  /** Writes `<dataDir>/auth/` fresh from the Auth emulator. */
  saveAccounts: () => Promise<void>;
  logger: Logger;
}

export interface Control {
  router: Router;
  /** Removes the control file, so no script takes this host for running. */
  close(): Promise<void>;
}

function refuse(res: Response, status: number, error: string): void {
  res.status(status).setHeader('Cache-Control', 'no-store').json({ error });
}

export async function startControl(options: ControlOptions): Promise<Control> {
  const { dataDir, db, saveAccounts, logger } = options;
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const tokenHolds = (given: string | undefined) => {
    const bytes = Buffer.from(given ?? '');
    return bytes.byteLength === expected.byteLength && timingSafeEqual(bytes, expected);
  };

  const router = Router();
  router.use((req, res, next) => {
    if (tokenHolds(req.get('authorization'))) return next();
    refuse(res, 401, `The control routes answer only the token in ${CONTROL_FILE} of the host's data folder.`);
  });
  router.get('/status', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store').json({ pid: process.pid, dataDir });
  });

  // One backup at a time: each holds a copy of the database in memory while it is written.
  let previous: Promise<unknown> = Promise.resolve();
  router.post('/backup', express.json({ limit: '4kb' }), async (req, res) => {
    const target: unknown = (req.body as { target?: unknown } | undefined)?.target;
    if (typeof target !== 'string')
      return refuse(res, 400, 'Name the archive to write: {"target": "/path/backup.tar.gz"}.');
    const run: Promise<WrittenBackup> = previous.then(() =>
      writeBackup({ dataDir, db, target, taken: 'online', saveAccounts }),
    );
    previous = run.catch(() => undefined);
    try {
      const written = await run;
      logs.backupWritten(logger, { path: written.path, bytes: written.bytes, ms: written.ms });
      res.setHeader('Cache-Control', 'no-store').json(written);
    } catch (error) {
      if (error instanceof BackupFault) return refuse(res, 400, error.message);
      logs.backupFailed(logger, { target }, error);
      const message = error instanceof Error ? error.message : String(error);
      refuse(res, 500, `The backup failed: ${message}. Nothing was written to ${target}.`);
    }
  });

  await writeControlFile({ url: options.url, token, pid: process.pid, dataDir });
  return { router, close: () => removeControlFile(dataDir, token) };
}
