/** The Blobs contract (DESIGN §7): written once, run against every adapter. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UnsafeBlobPath, type Blobs } from '../../src/ports/blobs.js';

export function describeBlobsContract(
  name: string,
  makeBlobs: () => Promise<Blobs>,
  fetchUrl?: (url: string) => Promise<Response>,
): void {
  describe(`Blobs contract: ${name}`, () => {
    const prefix = `contract-${randomUUID()}`;
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

    it('stores bytes and reads them back with their content type', async () => {
      const blobs = await makeBlobs();
      await blobs.put(`${prefix}/a/photo.jpg`, bytes, 'image/jpeg');
      const stored = await blobs.get(`${prefix}/a/photo.jpg`);
      expect(stored?.contentType).toBe('image/jpeg');
      expect(Buffer.from(stored!.data).equals(Buffer.from(bytes))).toBe(true);
    });

    it('returns null for a missing path', async () => {
      const blobs = await makeBlobs();
      expect(await blobs.get(`${prefix}/missing.jpg`)).toBeNull();
    });

    it('overwrites an existing path', async () => {
      const blobs = await makeBlobs();
      await blobs.put(`${prefix}/b.png`, bytes, 'image/png');
      await blobs.put(`${prefix}/b.png`, new Uint8Array([9]), 'image/png');
      expect(Array.from((await blobs.get(`${prefix}/b.png`))!.data)).toEqual([9]);
    });

    it('deletes a path, and deleting a missing one is not an error', async () => {
      const blobs = await makeBlobs();
      await blobs.put(`${prefix}/d/gone.jpg`, bytes, 'image/jpeg');
      await blobs.delete(`${prefix}/d/gone.jpg`);
      expect(await blobs.get(`${prefix}/d/gone.jpg`)).toBeNull();
      await expect(blobs.delete(`${prefix}/d/never.jpg`)).resolves.toBeUndefined();
    });

    it('answers null for a folder rather than failing', async () => {
      const blobs = await makeBlobs();
      await blobs.put(`${prefix}/folder/inside.jpg`, bytes, 'image/jpeg');
      expect(await blobs.get(`${prefix}/folder`)).toBeNull();
      expect(await blobs.get(`${prefix}/folder/inside.jpg/below.jpg`)).toBeNull();
    });

    it('returns an absolute URL that names the path', async () => {
      const blobs = await makeBlobs();
      const url = await blobs.put(`${prefix}/c.jpg`, bytes, 'image/jpeg');
      expect(url).toBe(blobs.url(`${prefix}/c.jpg`));
      expect(new URL(url).protocol).toMatch(/^https?:$/);
      expect(decodeURIComponent(url)).toContain(`${prefix}/c.jpg`);
    });

    it.each([
      '../escape.jpg',
      'a/../../b.jpg',
      '/abs.jpg',
      'a//b.jpg',
      'a/./b.jpg',
      'a\\b.jpg',
      '',
      'a/b c.jpg',
      '.hidden',
    ])('rejects the unsafe path %j', async (path) => {
      const blobs = await makeBlobs();
      await expect(blobs.put(path, bytes, 'image/jpeg')).rejects.toBeInstanceOf(UnsafeBlobPath);
      await expect(blobs.get(path)).rejects.toBeInstanceOf(UnsafeBlobPath);
      await expect(blobs.delete(path)).rejects.toBeInstanceOf(UnsafeBlobPath);
    });

    if (fetchUrl) {
      it('serves the stored bytes at the public URL with the content type', async () => {
        const blobs = await makeBlobs();
        const url = await blobs.put(`${prefix}/served.png`, bytes, 'image/png');
        const response = await fetchUrl(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      });
    }
  });
}
