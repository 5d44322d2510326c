import { describe, expect, it } from 'vitest';
import { kitPhotoOrder, zipStream, type ZipEntry } from '../../src/services/kitPhotos.js';
import { zipEntries } from '../helpers/zipEntries.js';

const MB = 1 << 20;

/** Entries of 1 MB each, counting how many the archive has asked for, and whether it let them go. */
function counted(count: number) {
  const pulled = { count: 0, released: false };
  async function* entries(): AsyncIterable<ZipEntry> {
    try {
      for (let i = 0; i < count; i += 1) {
        pulled.count += 1;
        yield { name: `${i}.bin`, data: Buffer.alloc(MB, i), compress: false };
      }
    } finally {
      pulled.released = true;
    }
  }
  return { pulled, entries: entries() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('kitPhotoOrder', () => {
  it('puts the real photos first in their order, then the staged ones, up to the site’s count', () => {
    expect(kitPhotoOrder(['a', 'b', 'c', 'd'], new Set([0, 2]), 3)).toEqual([
      { url: 'b', staged: false },
      { url: 'd', staged: false },
      { url: 'a', staged: true },
    ]);
  });
});

describe('zipStream', () => {
  it('writes every entry, in order, into an archive an unzip tool reads', async () => {
    const { entries } = counted(3);
    const chunks: Buffer[] = [];
    for await (const chunk of zipStream(entries, new Date('2026-11-28T12:00:00Z'))) chunks.push(chunk as Buffer);
    const read = zipEntries(Buffer.concat(chunks));
    expect(read.map((entry) => [entry.name, entry.data.length, entry.data[0]])).toEqual([
      ['0.bin', MB, 0],
      ['1.bin', MB, 1],
      ['2.bin', MB, 2],
    ]);
  });

  it('makes the next entry only once the reader has taken the last', async () => {
    const { pulled, entries } = counted(20);
    const out = zipStream(entries, new Date());
    await settle();
    expect(pulled.count).toBe(1);
    out.destroy();
  });

  it('stops making entries, and lets them go, when the reader goes away', async () => {
    const { pulled, entries } = counted(20);
    const out = zipStream(entries, new Date());
    await settle();
    out.destroy();
    await settle();
    expect(pulled).toEqual({ count: 1, released: true });
  });
});
