/**
 * Minimum s-t cut of an 8-connected pixel grid: the Boykov–Kolmogorov augmenting-path algorithm
 * ("An Experimental Comparison of Min-Cut/Max-Flow Algorithms for Energy Minimization in
 * Vision", PAMI 2004), with its distance and time-stamp heuristics for finding new parents. Its
 * search trees are reused between augmentations, which on grids with short paths beats
 * push-relabel by a wide margin. grabCut.ts labels a piece with it.
 */

/** Neighbour directions: pairs (0,1), (2,3), (4,5), (6,7) are opposite, so `d ^ 1` reverses one. */
const DX = [1, -1, 0, 0, 1, -1, 1, -1] as const;
const DY = [0, 0, 1, -1, 1, -1, -1, 1] as const;
export const DIRECTIONS = 8;
export const directionX = (d: number): number => DX[d]!;
export const directionY = (d: number): number => DY[d]!;

const FREE = 0;
const SOURCE = 1;
const SINK = 2;
const TERMINAL = 8;
const ORPHAN = 9;
const NO_PARENT = -1;
const FAR = 0x3fffffff;

export interface GridGraph {
  width: number;
  height: number;
  /** Residual capacity of the edge from pixel p towards direction d, at p * 8 + d; 0 where no neighbour. */
  capacity: Float64Array;
  /** Source capacity minus sink capacity of each pixel: > 0 leans to the source (the piece). */
  terminal: Float64Array;
}

export function gridGraph(width: number, height: number): GridGraph {
  return {
    width,
    height,
    capacity: new Float64Array(width * height * DIRECTIONS),
    terminal: new Float64Array(width * height),
  };
}

/** The last grid's neighbour table: a mark's cuts repeat on one crop size. */
let lastNeighbours: { width: number; height: number; table: Int32Array } | null = null;

/** The pixel beside p in direction d, or -1 off the grid. */
function neighbours(width: number, height: number): Int32Array {
  if (lastNeighbours?.width === width && lastNeighbours.height === height) return lastNeighbours.table;
  const out = new Int32Array(width * height * DIRECTIONS).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      for (let d = 0; d < DIRECTIONS; d++) {
        const nx = x + DX[d]!;
        const ny = y + DY[d]!;
        if (nx >= 0 && nx < width && ny >= 0 && ny < height) out[p * DIRECTIONS + d] = ny * width + nx;
      }
    }
  }
  lastNeighbours = { width, height, table: out };
  return out;
}

/**
 * Cuts the graph and returns 1 for each pixel left on the source side: reachable from the source
 * in the residual graph. The graph is left as that residual graph, so a caller that then changes
 * only terminal edges (by adding the change to `terminal`) can cut again from there: the flow
 * already pushed stays, and only what the change allows is pushed anew (GrabCut's later rounds).
 */
export function minCut(graph: GridGraph): Uint8Array {
  const { width, height, capacity: cap, terminal: term } = graph;
  const n = width * height;
  const nbr = neighbours(width, height);
  const tree = new Uint8Array(n);
  const parent = new Int8Array(n).fill(NO_PARENT);
  const stamp = new Int32Array(n);
  const dist = new Int32Array(n);
  const queued = new Uint8Array(n);
  const active = new Int32Array(n + 1);
  let head = 0;
  let tail = 0;
  let queueLength = 0;
  const activate = (p: number) => {
    if (queued[p]) return;
    queued[p] = 1;
    active[tail] = p;
    tail = tail + 1 === active.length ? 0 : tail + 1;
    queueLength++;
  };
  const nextActive = (): number => {
    while (queueLength > 0) {
      const p = active[head]!;
      head = head + 1 === active.length ? 0 : head + 1;
      queueLength--;
      queued[p] = 0;
      if (parent[p] !== NO_PARENT) return p;
    }
    return -1;
  };
  let time = 1;
  for (let p = 0; p < n; p++) {
    if (term[p]! > 0) tree[p] = SOURCE;
    else if (term[p]! < 0) tree[p] = SINK;
    else continue;
    parent[p] = TERMINAL;
    stamp[p] = time;
    dist[p] = 1;
    activate(p);
  }
  const orphans: number[] = [];
  const orphan = (p: number) => {
    parent[p] = ORPHAN;
    orphans.push(p);
  };

  let current = -1;
  for (;;) {
    if (current === -1 || parent[current] === NO_PARENT) current = nextActive();
    if (current === -1) break;
    const p = current;
    // Growth: the trees reach out from p until they touch.
    let meetFrom = -1;
    let meetDir = -1;
    const side = tree[p];
    for (let d = 0; d < DIRECTIONS; d++) {
      const q = nbr[p * DIRECTIONS + d]!;
      if (q < 0) continue;
      const open = side === SOURCE ? cap[p * DIRECTIONS + d]! > 0 : cap[q * DIRECTIONS + (d ^ 1)]! > 0;
      if (!open) continue;
      if (tree[q] === FREE) {
        tree[q] = side!;
        parent[q] = d ^ 1;
        stamp[q] = stamp[p]!;
        dist[q] = dist[p]! + 1;
        activate(q);
      } else if (tree[q] !== side) {
        meetFrom = side === SOURCE ? p : q;
        meetDir = side === SOURCE ? d : d ^ 1;
        break;
      } else if (stamp[q]! <= stamp[p]! && dist[q]! > dist[p]!) {
        parent[q] = d ^ 1;
        stamp[q] = stamp[p]!;
        dist[q] = dist[p]! + 1;
      }
    }
    if (meetFrom === -1) {
      current = -1;
      continue;
    }
    time++;
    augment(meetFrom, meetDir);
    adopt();
  }

  function augment(s: number, d: number): void {
    const t = nbr[s * DIRECTIONS + d]!;
    let bottleneck = cap[s * DIRECTIONS + d]!;
    for (let i = s; ;) {
      const a = parent[i]!;
      if (a === TERMINAL) {
        bottleneck = Math.min(bottleneck, term[i]!);
        break;
      }
      const j = nbr[i * DIRECTIONS + a]!;
      bottleneck = Math.min(bottleneck, cap[j * DIRECTIONS + (a ^ 1)]!);
      i = j;
    }
    for (let i = t; ;) {
      const a = parent[i]!;
      if (a === TERMINAL) {
        bottleneck = Math.min(bottleneck, -term[i]!);
        break;
      }
      bottleneck = Math.min(bottleneck, cap[i * DIRECTIONS + a]!);
      i = nbr[i * DIRECTIONS + a]!;
    }
    cap[s * DIRECTIONS + d]! -= bottleneck;
    cap[t * DIRECTIONS + (d ^ 1)]! += bottleneck;
    for (let i = s; ;) {
      const a = parent[i]!;
      if (a === TERMINAL) {
        term[i]! -= bottleneck;
        if (term[i] === 0) orphan(i);
        break;
      }
      const j = nbr[i * DIRECTIONS + a]!;
      cap[i * DIRECTIONS + a]! += bottleneck;
      if ((cap[j * DIRECTIONS + (a ^ 1)]! -= bottleneck) === 0) orphan(i);
      i = j;
    }
    for (let i = t; ;) {
      const a = parent[i]!;
      if (a === TERMINAL) {
        term[i]! += bottleneck;
        if (term[i] === 0) orphan(i);
        break;
      }
      const j = nbr[i * DIRECTIONS + a]!;
      cap[j * DIRECTIONS + (a ^ 1)]! += bottleneck;
      if ((cap[i * DIRECTIONS + a]! -= bottleneck) === 0) orphan(i);
      i = j;
    }
  }

  /** Whether q's edge towards p (direction d from p) can carry flow inside p's tree. */
  function linked(p: number, d: number, q: number): boolean {
    return tree[p] === SOURCE ? cap[q * DIRECTIONS + (d ^ 1)]! > 0 : cap[p * DIRECTIONS + d]! > 0;
  }

  function adopt(): void {
    while (orphans.length > 0) {
      const i = orphans.pop()!;
      let best = -1;
      let bestDist = FAR;
      for (let d = 0; d < DIRECTIONS; d++) {
        const j = nbr[i * DIRECTIONS + d]!;
        if (j < 0 || tree[j] !== tree[i] || !linked(i, d, j)) continue;
        // Does j still reach a terminal, and how far? The stamps cut the walk short.
        let length = 0;
        let k = j;
        for (;;) {
          if (stamp[k] === time) {
            length += dist[k]!;
            break;
          }
          const a = parent[k]!;
          length++;
          if (a === TERMINAL) {
            stamp[k] = time;
            dist[k] = 1;
            break;
          }
          if (a === ORPHAN || a === NO_PARENT) {
            length = FAR;
            break;
          }
          k = nbr[k * DIRECTIONS + a]!;
        }
        if (length >= FAR) continue;
        if (length < bestDist) {
          best = d;
          bestDist = length;
        }
        for (k = j; stamp[k] !== time; k = nbr[k * DIRECTIONS + parent[k]!]!) {
          stamp[k] = time;
          dist[k] = length--;
        }
      }
      if (best !== -1) {
        parent[i] = best;
        stamp[i] = time;
        dist[i] = bestDist + 1;
        continue;
      }
      // No parent: i leaves its tree; its neighbours that could feed it become active again.
      for (let d = 0; d < DIRECTIONS; d++) {
        const j = nbr[i * DIRECTIONS + d]!;
        if (j < 0 || tree[j] !== tree[i]) continue;
        if (linked(i, d, j)) activate(j);
        const a = parent[j]!;
        if (a !== TERMINAL && a !== ORPHAN && a !== NO_PARENT && nbr[j * DIRECTIONS + a] === i) orphan(j);
      }
      tree[i] = FREE;
      parent[i] = NO_PARENT;
    }
  }

  const side = new Uint8Array(n);
  for (let p = 0; p < n; p++) side[p] = tree[p] === SOURCE ? 1 : 0;
  return side;
}
