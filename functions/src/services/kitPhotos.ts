/**
 * A kit's photos (issue 41): the real ones first, then the virtually staged ones, written into a
 * ZIP as each is made. yazl (MIT, no install scripts) writes the archive as a stream; the Images
 * port resizes each photo for the site and captions the staged ones.
 */
import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';

export interface KitPhoto {
  url: string;
  staged: boolean;
}

/** The listing's photos as a site gets them: the real ones in their order, then the staged ones, at most `max`. */
export function kitPhotoOrder(images: readonly string[], staged: ReadonlySet<number>, max: number): KitPhoto[] {
  const real = images.filter((_, i) => !staged.has(i)).map((url) => ({ url, staged: false }));
  const virtual = images.filter((_, i) => staged.has(i)).map((url) => ({ url, staged: true }));
  return [...real, ...virtual].slice(0, max);
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Photos are JPEG already: storing them as they are saves the CPU deflate would spend for nothing. */
  compress: boolean;
}

/** Resolves once the reader has taken what was written (true), or has gone away (false). */
async function readerReady(out: PassThrough): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

/**
 * The archive as a stream: its first bytes leave as soon as the first entry is made, and the next
 * is made only once the reader has taken the last (yazl writes without waiting), so a slow
 * download holds one photo in memory, not all of them, and one abandoned stops making them. A
 * failure part-way destroys the stream, so the download fails rather than ending as a truncated
 * archive that looks whole.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, mtime: Date): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as PassThrough;
  void (async () => {
    try {
      for await (const entry of entries) {
        zip.addBuffer(entry.data, entry.name, { compress: entry.compress, mtime });
        if (!(await readerReady(out))) return;
      }
      zip.end();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
