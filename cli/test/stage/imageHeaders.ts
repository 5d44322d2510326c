/** Image headers built byte by byte: as much of a file as its size and orientation take, no pixels. */

const u16be = (n: number) => [n >> 8, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** A little-endian TIFF block whose first directory holds only the Orientation tag. */
function tiffWithOrientation(orientation: number): number[] {
  return [
    ...text('II'),
    ...u16le(42),
    ...u32le(8),
    ...u16le(1),
    ...u16le(0x0112),
    ...u16le(3),
    ...u32le(1),
    ...u16le(orientation),
    0,
    0,
    ...u32le(0),
  ];
}

/** A JPEG stored `width`×`height`, with an EXIF orientation when given. */
export function jpegHeader(width: number, height: number, orientation?: number): Uint8Array {
  const app0 = [0xff, 0xe0, ...u16be(16), ...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const exif = orientation === undefined ? [] : [...text('Exif'), 0, 0, ...tiffWithOrientation(orientation)];
  const app1 = orientation === undefined ? [] : [0xff, 0xe1, ...u16be(exif.length + 2), ...exif];
  const sof0 = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...app1, ...sof0, 0xff, 0xda]);
}

export function pngHeader(width: number, height: number): Uint8Array {
  const ihdr = [...u32be(13), ...text('IHDR'), ...u32be(width), ...u32be(height), 8, 2, 0, 0, 0, 0, 0, 0, 0];
  return new Uint8Array([0x89, ...text('PNG'), 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr, ...u32be(0), ...text('IDAT')]);
}

/** An extended WebP (VP8X) canvas of `width`×`height`. */
export function webpHeader(width: number, height: number): Uint8Array {
  const u24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
  const vp8x = [...text('VP8X'), ...u32le(10), 0, 0, 0, 0, ...u24(width - 1), ...u24(height - 1)];
  return new Uint8Array([...text('RIFF'), ...u32le(4 + vp8x.length), ...text('WEBP'), ...vp8x]);
}
