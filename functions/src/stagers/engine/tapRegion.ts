/**
 * How far a tapped piece reaches, roughly, before it is cut out: the surface under the finger
 * grown by colour without crossing an edge (the duvet of a tapped bed), together with the part of
 * the model's map under the tap when the model sees one there. Not the most salient object near
 * the tap: a book lying on the bed is the model's favourite, the duvet is what was tapped.
 */
import { maskBox, type FrameBox } from './crop.js';
import type { RgbImage } from './saliency.js';

/** A colour this far (RGB distance) from the tapped surface's own is another surface. */
const SURFACE_REACH = 42;
/** A step this large between neighbours is an edge the growth does not cross. */
const EDGE_STEP = 14;
/** The model's map counts from here, as in its own threshold. */
const MODEL_PIECE = 0.5;
/** A grown surface over this share of the picture has leaked into the room around it. */
const MAX_SURFACE_SHARE = 0.6;

function grow(width: number, height: number, start: number, accept: (from: number, to: number) => boolean): Uint8Array {
  const inside = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  let top = 0;
  inside[start] = 1;
  stack[top++] = start;
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % width;
    const next = [
      x > 0 ? p - 1 : -1,
      x < width - 1 ? p + 1 : -1,
      p >= width ? p - width : -1,
      p + width < inside.length ? p + width : -1,
    ];
    for (const q of next) {
      if (q < 0 || inside[q] === 1 || !accept(p, q)) continue;
      inside[q] = 1;
      stack[top++] = q;
    }
  }
  return inside;
}

/** The tapped piece's rough extent in fractions of the picture, which covers the whole frame. */
export function tappedExtent(
  image: RgbImage,
  probability: Float32Array,
  tap: { x: number; y: number },
): FrameBox | null {
  const { rgb, width, height } = image;
  const start =
    Math.min(height - 1, Math.floor(tap.y * height)) * width + Math.min(width - 1, Math.floor(tap.x * width));
  const mean = [0, 0, 0];
  let count = 0;
  const sx = start % width;
  const sy = (start - sx) / width;
  for (let y = Math.max(0, sy - 2); y <= Math.min(height - 1, sy + 2); y++) {
    for (let x = Math.max(0, sx - 2); x <= Math.min(width - 1, sx + 2); x++) {
      for (let c = 0; c < 3; c++) mean[c]! += rgb[(y * width + x) * 3 + c]!;
      count++;
    }
  }
  const [mr, mg, mb] = mean.map((v) => v / count) as [number, number, number];
  const distance = (p: number, r: number, g: number, b: number) =>
    Math.hypot(rgb[p * 3]! - r, rgb[p * 3 + 1]! - g, rgb[p * 3 + 2]! - b);
  const surface = grow(
    width,
    height,
    start,
    (from, to) =>
      distance(to, mr, mg, mb) <= SURFACE_REACH &&
      distance(to, rgb[from * 3]!, rgb[from * 3 + 1]!, rgb[from * 3 + 2]!) <= EDGE_STEP,
  );
  let surfaceArea = 0;
  for (let p = 0; p < surface.length; p++) surfaceArea += surface[p]!;
  const surfaceBox = surfaceArea <= width * height * MAX_SURFACE_SHARE ? maskBox(surface, width, height) : null;
  const model =
    probability[start]! >= MODEL_PIECE
      ? maskBox(
          grow(width, height, start, (_from, to) => probability[to]! >= MODEL_PIECE),
          width,
          height,
        )
      : null;
  if (!surfaceBox || !model) return surfaceBox ?? model;
  return {
    x0: Math.min(surfaceBox.x0, model.x0),
    y0: Math.min(surfaceBox.y0, model.y0),
    x1: Math.max(surfaceBox.x1, model.x1),
    y1: Math.max(surfaceBox.y1, model.y1),
  };
}
