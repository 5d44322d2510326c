import { scratchFloat32 } from './scratch.js';

/** CIE L*a*b* (D65), so colour distances roughly follow what the eye sees as "different". */

const SRGB_TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The Lab companding function, tabulated: a cube root per channel per pixel showed up in profiles. */
const F_STEPS = 4096;
const F_TABLE = new Float32Array(F_STEPS + 2);
for (let i = 0; i <= F_STEPS + 1; i++) {
  const t = i / F_STEPS;
  F_TABLE[i] = t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}

function f(t: number): number {
  const x = Math.min(1, Math.max(0, t)) * F_STEPS;
  const i = Math.floor(x);
  return F_TABLE[i]! + (F_TABLE[i + 1]! - F_TABLE[i]!) * (x - i);
}

/** Planar L, a, b arrays from interleaved RGB bytes, written into scratch buffers. */
export function rgbToLab(rgb: Uint8Array, pixels: number): { L: Float32Array; A: Float32Array; B: Float32Array } {
  const L = scratchFloat32('lab.L', pixels);
  const A = scratchFloat32('lab.A', pixels);
  const B = scratchFloat32('lab.B', pixels);
  for (let i = 0; i < pixels; i++) {
    const r = SRGB_TO_LINEAR[rgb[i * 3]!]!;
    const g = SRGB_TO_LINEAR[rgb[i * 3 + 1]!]!;
    const b = SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
    const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    L[i] = 116 * fy - 16;
    A[i] = 500 * (fx - fy);
    B[i] = 200 * (fy - fz);
  }
  return { L, A, B };
}
