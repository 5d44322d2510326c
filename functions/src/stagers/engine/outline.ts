/**
 * The cut-out's outline for the studio's preview: the piece's boundaries (outer edges and the
 * openings inside it) traced along pixel edges and simplified, in fractions 0–1 of the photo.
 */
import type { SubjectMask } from './segment.js';

/** The mask is traced at most this size: finer than any preview draws it. */
const TRACE_LONG_SIDE = 320;
/** A boundary enclosing less than this share of the frame (a speck, a pinhole) is left out. */
const MIN_LOOP_SHARE = 0.0005;
const MAX_POINTS = 200;

type Point = [number, number];

/** The mask shrunk to at most TRACE_LONG_SIDE by majority, with a clear one-pixel rim. */
function traceGrid({ mask, width, height }: SubjectMask): { grid: Uint8Array; w: number; h: number } {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / TRACE_LONG_SIDE));
  const w = Math.ceil(width / step) + 2;
  const h = Math.ceil(height / step) + 2;
  const sums = new Uint32Array(w * h);
  const counts = new Uint32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = (Math.floor(y / step) + 1) * w + 1;
    for (let x = 0; x < width; x++) {
      const cell = row + Math.floor(x / step);
      sums[cell]! += mask[y * width + x]!;
      counts[cell]!++;
    }
  }
  const grid = new Uint8Array(w * h);
  for (let i = 0; i < grid.length; i++) grid[i] = counts[i]! > 0 && sums[i]! * 2 >= counts[i]! ? 1 : 0;
  return { grid, w, h };
}

/**
 * Every boundary as a closed loop of pixel corners, the piece on the right of the way it runs.
 * Where two pixels touch only at a corner the loop turns rather than crossing, so loops never
 * cross themselves.
 */
function traceLoops(grid: Uint8Array, w: number, h: number): Point[][] {
  // Directed edges out of each corner: 0 right, 1 down, 2 left, 3 up.
  const out = new Uint8Array((w + 1) * (h + 1));
  const corner = (x: number, y: number) => y * (w + 1) + x;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      if (grid[y * w + x] !== 1) continue;
      if (grid[(y - 1) * w + x] === 0) out[corner(x, y)]! |= 1 << 0;
      if (grid[y * w + x + 1] === 0) out[corner(x + 1, y)]! |= 1 << 1;
      if (grid[(y + 1) * w + x] === 0) out[corner(x + 1, y + 1)]! |= 1 << 2;
      if (grid[y * w + x - 1] === 0) out[corner(x, y + 1)]! |= 1 << 3;
    }
  }
  const dx = [1, 0, -1, 0];
  const dy = [0, 1, 0, -1];
  const loops: Point[][] = [];
  for (let start = 0; start < out.length; start++) {
    if (out[start] === 0) continue;
    const loop: Point[] = [];
    let x = start % (w + 1);
    let y = (start - x) / (w + 1);
    let dir = [0, 1, 2, 3].find((d) => (out[start]! & (1 << d)) !== 0)!;
    for (;;) {
      const here = corner(x, y);
      if ((out[here]! & (1 << dir)) === 0) {
        // At a corner with two ways on, prefer turning right, then straight, then left.
        const next = [(dir + 1) % 4, dir, (dir + 3) % 4].find((d) => (out[here]! & (1 << d)) !== 0);
        if (next === undefined) break;
        dir = next;
      }
      out[here]! &= ~(1 << dir);
      loop.push([x, y]);
      x += dx[dir]!;
      y += dy[dir]!;
      const turn = [(dir + 1) % 4, dir, (dir + 3) % 4].find((d) => (out[corner(x, y)]! & (1 << d)) !== 0);
      if (turn === undefined) break;
      dir = turn;
    }
    loops.push(loop);
  }
  return loops;
}

function loopArea(loop: Point[]): number {
  let twice = 0;
  for (let i = 0; i < loop.length; i++) {
    const [x0, y0] = loop[i]!;
    const [x1, y1] = loop[(i + 1) % loop.length]!;
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

/** Ramer–Douglas–Peucker on an open run of points. */
function simplifyRun(points: Point[], tolerance: number): Point[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const length = Math.hypot(bx - ax, by - ay) || 1;
    let worst = -1;
    let worstAt = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const d = Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worst > tolerance) {
      keep[worstAt] = 1;
      stack.push([a, worstAt], [worstAt, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** A closed loop simplified until it has at most MAX_POINTS points. */
function simplifyLoop(loop: Point[]): Point[] {
  const half = Math.floor(loop.length / 2);
  let tolerance = 0.7;
  for (;;) {
    const first = simplifyRun(loop.slice(0, half + 1), tolerance);
    const second = simplifyRun([...loop.slice(half), loop[0]!], tolerance);
    const simplified = [...first.slice(0, -1), ...second.slice(0, -1)];
    if (simplified.length <= MAX_POINTS) return simplified;
    tolerance *= 1.5;
  }
}

/**
 * The subject's outline as polygons, each point [x, y] in fractions 0–1 of the photo's oriented
 * width and height, at most 200 points each: the outer edge of each part and each opening in it.
 */
export function subjectOutline(subject: SubjectMask): [number, number][][] {
  const { grid, w, h } = traceGrid(subject);
  const scaleX = subject.width / (w - 2) / subject.width;
  const scaleY = subject.height / (h - 2) / subject.height;
  const minArea = (w - 2) * (h - 2) * MIN_LOOP_SHARE;
  return traceLoops(grid, w, h)
    .filter((loop) => loop.length >= 4 && loopArea(loop) >= minArea)
    .map((loop) =>
      simplifyLoop(loop).map(([x, y]): [number, number] => [
        Math.round(Math.min(1, Math.max(0, (x - 1) * scaleX)) * 10000) / 10000,
        Math.round(Math.min(1, Math.max(0, (y - 1) * scaleY)) * 10000) / 10000,
      ]),
    );
}
