/**
 * A JPEG's own compressed pixels with every metadata segment cut out, so an upright JPEG can be
 * stored without an encode: cutting segments changes no pixel. Cut: EXIF (GPS position, owner,
 * maker notes), XMP, IPTC, comments, the multi-picture index, any other application segment and
 * whatever trails the image (a phone's motion-photo video). Kept: what a decoder needs (frame,
 * tables, scans, restart interval), the ICC profile, Adobe's colour-transform flag and a JFIF
 * marker rewritten without its thumbnail (both decide how a decoder reads the colour). Anything
 * it does not know makes it answer null, and the caller encodes instead.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const JFIF = ascii('JFIF\0');
const ICC_PROFILE = ascii('ICC_PROFILE\0');
const ADOBE = ascii('Adobe');
/** JFIF's identifier, version, units and densities; the thumbnail's size and pixels are left out. */
const JFIF_HEADER_BYTES = 12;
/** Adobe's identifier, version, two flag words and the transform byte. */
const ADOBE_BYTES = 12;

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** Frame headers, Huffman and arithmetic tables, quantisation tables, line count, restart interval. */
function isStructural(marker: number): boolean {
  const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8;
  return frame || marker === 0xdb || marker === 0xdc || marker === 0xdd;
}

/** The segment's payload as kept, or null to cut it; undefined when the marker is unknown. */
function kept(marker: number, payload: Uint8Array): Uint8Array | null | undefined {
  if (isStructural(marker) || marker === SOS) return payload;
  if (marker === APP0) {
    if (!startsWith(payload, JFIF) || payload.length < JFIF_HEADER_BYTES) return null;
    const bare = new Uint8Array(JFIF_HEADER_BYTES + 2);
    bare.set(payload.subarray(0, JFIF_HEADER_BYTES));
    return bare;
  }
  if (marker === APP2) return startsWith(payload, ICC_PROFILE) ? payload : null;
  if (marker === APP14)
    return startsWith(payload, ADOBE) && payload.length >= ADOBE_BYTES ? payload.subarray(0, ADOBE_BYTES) : null;
  if ((marker > APP0 && marker < 0xf0) || marker === COM) return null;
  return undefined;
}

/** Where the entropy-coded data after a scan header ends: the next marker that is no restart. */
function scanEnd(data: Uint8Array, from: number): number {
  let at = from;
  while (at < data.length - 1) {
    if (data[at] === 0xff) {
      const next = data[at + 1]!;
      // 0xFF 0x00 is a stuffed byte and RST0–RST7 belong to the scan; 0xFF 0xFF is fill before a marker.
      if (next !== 0xff && next !== 0x00 && (next < 0xd0 || next > 0xd7)) return at;
    }
    at++;
  }
  return data.length;
}

export function strippedJpeg(data: Uint8Array): Uint8Array | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) return null;
  const out = new Uint8Array(data.length);
  out.set([0xff, SOI]);
  let written = 2;
  let at = 2;
  let scans = 0;
  const write = (bytes: ArrayLike<number>) => {
    out.set(bytes, written);
    written += bytes.length;
  };
  for (;;) {
    if (data[at] !== 0xff) return null;
    while (data[at] === 0xff) at++;
    if (at >= data.length) return null;
    const marker = data[at++]!;
    if (marker === EOI) {
      if (scans === 0) return null;
      write([0xff, EOI]);
      return out.slice(0, written);
    }
    if (at + 2 > data.length) return null;
    const length = (data[at]! << 8) | data[at + 1]!;
    if (length < 2 || at + length > data.length) return null;
    const keep = kept(marker, data.subarray(at + 2, at + length));
    if (keep === undefined) return null;
    if (keep) {
      write([0xff, marker, (keep.length + 2) >> 8, (keep.length + 2) & 0xff]);
      write(keep);
    }
    at += length;
    if (marker === SOS) {
      scans++;
      const end = scanEnd(data, at);
      write(data.subarray(at, end));
      at = end;
    }
  }
}
