import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeBlobsContract } from '../../contracts/blobsContract.js';
import { createFileBlobs } from '../../../src/adapters/local/fileBlobs.js';

const rootDir = mkdtempSync(join(tmpdir(), 'flipstage-blobs-'));
afterAll(() => rmSync(rootDir, { recursive: true, force: true }));

describeBlobsContract('local folder', async () => createFileBlobs({ rootDir, baseUrl: 'http://127.0.0.1:5050' }));
