/** The Blobs contract (DESIGN §7): written once, run against every adapter. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PrivateBlobPath, UnsafeBlobPath, type Blobs } from '../../src/ports/blobs.js';

export interface BlobUrlChecks {
  fetchUrl: (url: string) => Promise<Response>;
  /** False for the Storage emulator, which serves any object URL without checking a signature. */
  checksSignatures: boolean;
  /** Makes the listing `items/{itemId}/` belongs to shown, where storage.rules read it (Firestore). */
  showListing?: (itemId: string) => Promise<void>;
}

export function describeBlobsContract(name: string, makeBlobs: () => Promise<Blobs>, urls?: BlobUrlChecks): void {
  describe(`Blobs contract: ${name}`, () => {
    const prefix = `contract-${randomUUID()}`;
    const publicPrefix = `items/${prefix}`;
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

    it('gives a public path one permanent absolute URL that names the path', async () => {
      const blobs = await makeBlobs();
      const url = blobs.publicUrl(`${publicPrefix}/c.jpg`);
      expect(url).toBe(blobs.publicUrl(`${publicPrefix}/c.jpg`));
      expect(new URL(url).protocol).toMatch(/^https?:$/);
      expect(decodeURIComponent(url)).toContain(`${publicPrefix}/c.jpg`);
    });

    it('refuses a public URL for a private path', async () => {
      const blobs = await makeBlobs();
      expect(() => blobs.publicUrl(`image-edits/${prefix}/staged.jpg`)).toThrow(PrivateBlobPath);
    });

    it('gives a private path an absolute signed URL that names the path', async () => {
      const blobs = await makeBlobs();
      const url = await blobs.signedUrl(`image-edits/${prefix}/staged.jpg`, 60_000);
      expect(new URL(url).protocol).toMatch(/^https?:$/);
      expect(decodeURIComponent(url)).toContain(`image-edits/${prefix}/staged.jpg`);
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
      await expect(blobs.signedUrl(path, 60_000)).rejects.toBeInstanceOf(UnsafeBlobPath);
      expect(() => blobs.publicUrl(path)).toThrow(UnsafeBlobPath);
    });

    if (urls) {
      const { fetchUrl } = urls;
      beforeAll(async () => {
        await urls.showListing?.(prefix);
      });
      const expectServed = async (response: Response, contentType: string) => {
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(contentType);
        expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      };

      it('serves a public path to anyone at its public URL, with the content type', async () => {
        const blobs = await makeBlobs();
        await blobs.put(`${publicPrefix}/served.png`, bytes, 'image/png');
        await expectServed(await fetchUrl(blobs.publicUrl(`${publicPrefix}/served.png`)), 'image/png');
      });

      it('serves a private path at its signed URL, with the content type', async () => {
        const blobs = await makeBlobs();
        await blobs.put(`image-edits/${prefix}/served.jpg`, bytes, 'image/jpeg');
        await expectServed(
          await fetchUrl(await blobs.signedUrl(`image-edits/${prefix}/served.jpg`, 60_000)),
          'image/jpeg',
        );
      });

      it('stops serving a deleted public path', async () => {
        const blobs = await makeBlobs();
        await blobs.put(`${publicPrefix}/removed.jpg`, bytes, 'image/jpeg');
        await blobs.delete(`${publicPrefix}/removed.jpg`);
        expect((await fetchUrl(blobs.publicUrl(`${publicPrefix}/removed.jpg`))).status).toBe(404);
      });

      if (urls.checksSignatures) {
        it('refuses a private path at its URL without the signature', async () => {
          const blobs = await makeBlobs();
          await blobs.put(`image-edits/${prefix}/bare.jpg`, bytes, 'image/jpeg');
          const url = new URL(await blobs.signedUrl(`image-edits/${prefix}/bare.jpg`, 60_000));
          url.search = '';
          expect((await fetchUrl(url.toString())).status).toBe(403);
        });

        it('refuses a signed URL whose signature was altered', async () => {
          const blobs = await makeBlobs();
          await blobs.put(`image-edits/${prefix}/forged.jpg`, bytes, 'image/jpeg');
          const url = await blobs.signedUrl(`image-edits/${prefix}/forged.jpg`, 60_000);
          const forged = url.replace(/(signature=)(.)/i, (_m, key: string, c: string) => key + (c === 'A' ? 'B' : 'A'));
          expect(forged).not.toBe(url);
          expect((await fetchUrl(forged)).status).toBe(403);
        });

        it('refuses a signed URL for another path', async () => {
          const blobs = await makeBlobs();
          await blobs.put(`image-edits/${prefix}/mine.jpg`, bytes, 'image/jpeg');
          await blobs.put(`image-edits/${prefix}/theirs.jpg`, bytes, 'image/jpeg');
          const url = await blobs.signedUrl(`image-edits/${prefix}/mine.jpg`, 60_000);
          expect((await fetchUrl(url.replace('mine.jpg', 'theirs.jpg'))).status).toBe(403);
        });
      }
    }
  });
}
