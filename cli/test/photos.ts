/**
 * Test and benchmark photos: the repository's sample furniture photos (samples/*.jpg), made
 * distinct when one is used more than once, plus the non-photos a real folder holds.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SAMPLES_DIR } from './paths.js';

export async function samplePhotos(): Promise<string[]> {
  const names = (await readdir(SAMPLES_DIR).catch(() => [])).filter((name) => /\.jpe?g$/i.test(name)).sort();
  if (names.length === 0) throw new Error(`No sample photos in ${SAMPLES_DIR}: the CLI journeys need samples/*.jpg.`);
  return names.map((name) => join(SAMPLES_DIR, name));
}

/**
 * The same photo with a JPEG comment segment after the start-of-image marker: a valid JPEG
 * that decodes identically but hashes differently, so the idempotency key (which covers the
 * content) sees a new image.
 */
export function withComment(jpeg: Uint8Array, comment: string): Uint8Array {
  const text = new TextEncoder().encode(comment);
  const length = text.length + 2;
  const segment = new Uint8Array([0xff, 0xfe, length >> 8, length & 0xff, ...text]);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** Writes `count` distinct furniture photos into `dir` (cycling through the samples); returns their names. */
export async function writePhotos(dir: string, count: number, tag: string): Promise<string[]> {
  const samples = await samplePhotos();
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const source = samples[i % samples.length] as string;
    const name = `photo-${String(i + 1).padStart(2, '0')}.jpg`;
    await writeFile(join(dir, name), withComment(await readFile(source), `${tag}-${i}`));
    names.push(name);
  }
  return names;
}

/** Starts like a JPEG (so it passes the CLI's sniffing) but is not one: the server must refuse it. */
export async function writeCorruptJpeg(path: string): Promise<void> {
  const garbage = new TextEncoder().encode('this is not really a photo of a dresser '.repeat(40));
  await writeFile(path, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...garbage]));
}
