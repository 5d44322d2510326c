/**
 * Decoded pixels in a container sharp reads without being told their size: a baseline,
 * uncompressed TIFF. Writing it is little more than a copy, reading it back needs no decompression,
 * and it carries the photo's ICC profile, so every later sharp pipeline converts to sRGB itself.
 */

export interface RawPixels {
  /** Interleaved 8-bit samples, row after row, no padding. */
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 for RGB, 4 for RGB with unassociated alpha. */
  channels: 3 | 4;
}

const SHORT = 3;
const LONG = 4;
const UNDEFINED = 7;
/** Strips of this many rows let libtiff read a band at a time instead of the whole image at once. */
const ROWS_PER_STRIP = 64;

interface Entry {
  tag: number;
  type: typeof SHORT | typeof LONG | typeof UNDEFINED;
  values: readonly number[] | Uint8Array;
}

const typeSize = { [SHORT]: 2, [LONG]: 4, [UNDEFINED]: 1 };

export function rawTiff(pixels: RawPixels, icc?: Uint8Array): Uint8Array {
  const { width, height, channels, data } = pixels;
  const rowBytes = width * channels;
  if (data.byteLength !== rowBytes * height) throw new Error(`expected ${rowBytes * height} bytes of pixels, got ${data.byteLength}`);
  const strips = Math.ceil(height / ROWS_PER_STRIP);
  const stripBytes = Array.from({ length: strips }, (_, i) => Math.min(ROWS_PER_STRIP, height - i * ROWS_PER_STRIP) * rowBytes);

  const entries: Entry[] = [
    { tag: 256, type: LONG, values: [width] },
    { tag: 257, type: LONG, values: [height] },
    { tag: 258, type: SHORT, values: new Array<number>(channels).fill(8) },
    { tag: 259, type: SHORT, values: [1] }, // no compression
    { tag: 262, type: SHORT, values: [2] }, // RGB
    { tag: 273, type: LONG, values: new Array<number>(strips).fill(0) }, // strip offsets, filled in below
    { tag: 277, type: SHORT, values: [channels] },
    { tag: 278, type: LONG, values: [ROWS_PER_STRIP] },
    { tag: 279, type: LONG, values: stripBytes },
    { tag: 284, type: SHORT, values: [1] }, // interleaved
  ];
  if (channels === 4) entries.push({ tag: 338, type: SHORT, values: [2] }); // unassociated alpha
  if (icc && icc.byteLength > 0) entries.push({ tag: 34675, type: UNDEFINED, values: icc });

  const ifdSize = 2 + entries.length * 12 + 4;
  let overflow = 8 + ifdSize;
  const outOfLine = new Map<Entry, number>();
  for (const entry of entries) {
    const size = entry.values.length * typeSize[entry.type];
    if (size > 4) {
      outOfLine.set(entry, overflow);
      overflow += size + (size % 2); // TIFF wants values on word boundaries
    }
  }
  const pixelStart = overflow;
  const stripOffsets = entries.find((e) => e.tag === 273)!.values as number[];
  for (let i = 0; i < strips; i++) stripOffsets[i] = pixelStart + i * ROWS_PER_STRIP * rowBytes;

  // Left unzeroed where the pixels are copied in; the header is zeroed for its padding bytes.
  const out = Buffer.allocUnsafeSlow(pixelStart + data.byteLength);
  out.fill(0, 0, pixelStart);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  out.set([0x49, 0x49]); // little-endian
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  const write = (entry: Entry, at: number) => {
    if (entry.type === UNDEFINED) out.set(entry.values, at);
    else if (entry.type === SHORT) entry.values.forEach((value, i) => view.setUint16(at + i * 2, value, true));
    else entry.values.forEach((value, i) => view.setUint32(at + i * 4, value, true));
  };
  entries.forEach((entry, i) => {
    const at = 10 + i * 12;
    view.setUint16(at, entry.tag, true);
    view.setUint16(at + 2, entry.type, true);
    view.setUint32(at + 4, entry.values.length, true);
    const far = outOfLine.get(entry);
    if (far === undefined) write(entry, at + 8);
    else {
      view.setUint32(at + 8, far, true);
      write(entry, far);
    }
  });
  out.set(data, pixelStart);
  return out;
}
