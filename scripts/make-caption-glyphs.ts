/**
 * Writes functions/src/stagers/engine/captionGlyphs.ts: the outlines of the kit photos' caption
 * ("Virtually staged", issue 41) in DejaVu Sans Bold, as one SVG path. The server draws the caption
 * from these outlines rather than from a font, since serverless machines (Cloud Functions among
 * them) may have no fonts, and librsvg then draws boxes for letters.
 *
 *   npx tsx scripts/make-caption-glyphs.ts [path/to/DejaVuSans-Bold.ttf]
 *
 * DejaVu fonts: Bitstream Vera's licence (free to use, copy, modify and redistribute, with
 * changed fonts renamed); the outlines here are drawn glyphs, not a font.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CAPTION = 'Virtually staged';
const FONT = process.argv[2] ?? '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const OUT = fileURLToPath(new URL('../functions/src/stagers/engine/captionGlyphs.ts', import.meta.url));

const font = readFileSync(FONT);

function tables(): Map<string, number> {
  const found = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i += 1) {
    const at = 12 + 16 * i;
    found.set(font.toString('latin1', at, at + 4), font.readUInt32BE(at + 8));
  }
  return found;
}

const table = tables();
const offset = (tag: string) => {
  const at = table.get(tag);
  if (at === undefined) throw new Error(`The font has no ${tag} table`);
  return at;
};
const unitsPerEm = font.readUInt16BE(offset('head') + 18);
const longLoca = font.readInt16BE(offset('head') + 50) === 1;
const metrics = font.readUInt16BE(offset('hhea') + 34);

function advance(glyph: number): number {
  return font.readUInt16BE(offset('hmtx') + 4 * Math.min(glyph, metrics - 1));
}

/** The glyph of a character, from the cmap's Windows Unicode (3, 1) format 4 subtable. */
function glyphOf(char: string): number {
  const cmap = offset('cmap');
  const code = char.codePointAt(0)!;
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i += 1) {
    const record = cmap + 4 + 8 * i;
    if (font.readUInt16BE(record) !== 3 || font.readUInt16BE(record + 2) !== 1) continue;
    const sub = cmap + font.readUInt32BE(record + 4);
    const segments = font.readUInt16BE(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const ranges = deltas + 2 * segments;
    for (let s = 0; s < segments; s += 1) {
      if (code > font.readUInt16BE(ends + 2 * s) || code < font.readUInt16BE(starts + 2 * s)) continue;
      const range = font.readUInt16BE(ranges + 2 * s);
      const delta = font.readInt16BE(deltas + 2 * s);
      if (range === 0) return (code + delta) & 0xffff;
      const glyph = font.readUInt16BE(ranges + 2 * s + range + 2 * (code - font.readUInt16BE(starts + 2 * s)));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
  }
  throw new Error(`The font has no glyph for ${char}`);
}

interface Point {
  x: number;
  y: number;
  on: boolean;
}

/** A simple glyph's contours (composite glyphs are not needed for this caption's letters). */
function contours(glyph: number): Point[][] {
  const loca = offset('loca');
  const start = longLoca ? font.readUInt32BE(loca + 4 * glyph) : font.readUInt16BE(loca + 2 * glyph) * 2;
  const end = longLoca ? font.readUInt32BE(loca + 4 * glyph + 4) : font.readUInt16BE(loca + 2 * glyph + 2) * 2;
  if (start === end) return [];
  const at = offset('glyf') + start;
  const count = font.readInt16BE(at);
  if (count < 0) throw new Error(`Glyph ${glyph} is composite`);
  const ends = Array.from({ length: count }, (_, i) => font.readUInt16BE(at + 10 + 2 * i));
  const points = ends[count - 1]! + 1;
  let p = at + 10 + 2 * count;
  p += 2 + font.readUInt16BE(p);
  const flags: number[] = [];
  while (flags.length < points) {
    const flag = font.readUInt8(p++);
    flags.push(flag);
    if (flag & 8) for (let r = font.readUInt8(p++); r > 0; r -= 1) flags.push(flag);
  }
  const read = (short: number, same: number) => {
    const values: number[] = [];
    let value = 0;
    for (const flag of flags) {
      if (flag & short) {
        const d = font.readUInt8(p++);
        value += flag & same ? d : -d;
      } else if (!(flag & same)) {
        value += font.readInt16BE(p);
        p += 2;
      }
      values.push(value);
    }
    return values;
  };
  const xs = read(2, 16);
  const ys = read(4, 32);
  const all = flags.map((flag, i) => ({ x: xs[i]!, y: ys[i]!, on: (flag & 1) === 1 }));
  return ends.map((last, i) => all.slice(i === 0 ? 0 : ends[i - 1]! + 1, last + 1));
}

/** One contour as SVG commands, y pointing down, moved right by `dx`: quadratic curves with implied on-curve midpoints. */
function contourPath(points: Point[], dx: number): string {
  const at = (q: { x: number; y: number }) => `${q.x + dx} ${-q.y}`;
  const mid = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const first = points.findIndex((q) => q.on);
  const ring = first >= 0 ? [...points.slice(first), ...points.slice(0, first)] : points;
  const begin = first >= 0 ? ring[0]! : mid(ring[ring.length - 1]!, ring[0]!);
  let d = `M${at(begin)}`;
  for (let i = first >= 0 ? 1 : 0; i <= ring.length; i += 1) {
    const q = ring[i % ring.length]!;
    const previous = ring[(i - 1 + ring.length) % ring.length]!;
    if (q.on) d += previous.on || i === 0 ? `L${at(q)}` : `Q${at(previous)} ${at(q)}`;
    else if (!previous.on && i > 0) d += `Q${at(previous)} ${at(mid(previous, q))}`;
    if (i === ring.length && !q.on) d += `Q${at(q)} ${at(begin)}`;
  }
  return `${d}Z`;
}

let x = 0;
const parts: string[] = [];
for (const char of CAPTION) {
  const glyph = glyphOf(char);
  for (const contour of contours(glyph)) parts.push(contourPath(contour, x));
  x += advance(glyph);
}

writeFileSync(
  OUT,
  `/**
 * "${CAPTION}" in DejaVu Sans Bold (Bitstream Vera's licence), as outlines: written by
 * scripts/make-caption-glyphs.ts, so the caption needs no font on the server. Font units, y down,
 * the baseline at 0; ${unitsPerEm} units to the em.
 */
export const CAPTION_GLYPHS = {
  text: ${JSON.stringify(CAPTION)},
  unitsPerEm: ${unitsPerEm},
  /** The caption's advance, from its first letter's origin to past its last. */
  width: ${x},
  path: '${parts.join('')}',
} as const;
`,
);
console.log(`Wrote ${OUT}: ${parts.length} contours, ${x} units wide`);
