/** Small colour helpers for the SVG scene; colours are '#rrggbb' strings. */

export type Rgb = [number, number, number];

export function parseHex(colour: string): Rgb {
  const v = colour.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16)) as Rgb;
}

export function toHex(rgb: Rgb): string {
  return '#' + rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('');
}

/** Mixes towards black (amount < 0) or white (amount > 0). */
export function shade(colour: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.min(1, Math.abs(amount));
  return toHex(parseHex(colour).map((c) => c + (target - c) * t) as Rgb);
}

export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((c, i) => c + (cb[i]! - c) * t) as Rgb);
}

/** Mulberry32: a tiny deterministic PRNG, so the same seed always draws the same room. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
