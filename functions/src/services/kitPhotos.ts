/**
 * A kit's photos (issue 41): the real ones first, then the virtually staged ones, written into a
 * ZIP as each is made. yazl (MIT, no install scripts) writes the archive as a stream; the Images
 * port resizes each photo for the site and captions the staged ones.
 */
import type { Readable } from 'node:stream';
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

/**
 * The archive as a stream: its first bytes leave as soon as the first entry is made, while the
 * next is still being made; a failure part-way destroys the stream, so the download fails rather
 * than ending as a truncated archive that looks whole.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, mtime: Date): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  void (async () => {
    try {
      for await (const entry of entries) zip.addBuffer(entry.data, entry.name, { compress: entry.compress, mtime });
      zip.end();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
