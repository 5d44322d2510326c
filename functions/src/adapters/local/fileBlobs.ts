/**
 * Blobs in a local folder, served by the local host at {baseUrl}/blobs/{path}. The bytes live
 * under files/ and their content type beside them under types/, so a stored path can never
 * collide with its metadata. Writes go to a temp file first and are renamed into place.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertSafeBlobPath, type Blobs } from '../../ports/blobs.js';

export const BLOBS_ROUTE = '/blobs';

export function createFileBlobs(options: { rootDir: string; baseUrl: string }): Blobs {
  const base = options.baseUrl.replace(/\/+$/, '');
  const filePath = (path: string) => join(options.rootDir, 'files', ...path.split('/'));
  const typePath = (path: string) => join(options.rootDir, 'types', ...path.split('/'));

  async function writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }

  const url = (path: string) => {
    assertSafeBlobPath(path);
    return `${base}${BLOBS_ROUTE}/${path}`;
  };

  return {
    url,
    async put(path, data, contentType) {
      assertSafeBlobPath(path);
      await Promise.all([writeAtomically(typePath(path), contentType), writeAtomically(filePath(path), data)]);
      return url(path);
    },
    async get(path) {
      assertSafeBlobPath(path);
      try {
        const [data, contentType] = await Promise.all([readFile(filePath(path)), readFile(typePath(path), 'utf8')]);
        return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), contentType };
      } catch (error) {
        // A folder (EISDIR) or a path through a file (ENOTDIR) names no blob either.
        if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
        throw error;
      }
    },
    async delete(path) {
      assertSafeBlobPath(path);
      await Promise.all([rm(filePath(path), { force: true }), rm(typePath(path), { force: true })]);
    },
  };
}
