import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  directionX,
  directionY,
  gridGraph,
  minCut,
  type GridGraph,
} from '../../../src/stagers/engine/maxFlow.js';
import { prng } from '../../fixtures/prng.js';

/** A grid with each edge's capacity the same both ways, as the cut's smoothness terms are. */
function randomGrid(width: number, height: number, random: () => number): GridGraph {
  const graph = gridGraph(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      graph.terminal[p] = Math.round((random() - 0.5) * 40);
      for (const d of [0, 2, 4, 7]) {
        const nx = x + directionX(d);
        const ny = y + directionY(d);
        if (nx < 0 || nx >= width || ny >= height) continue;
        const w = Math.round(random() * 12);
        graph.capacity[p * DIRECTIONS + d] = w;
        graph.capacity[(ny * width + nx) * DIRECTIONS + (d ^ 1)] = w;
      }
    }
  }
  return graph;
}

/** What a labelling costs: the terminal edges it cuts and the edges from the source side to the sink side. */
function cutCost(graph: GridGraph, side: ArrayLike<number>): number {
  const { width, height, capacity, terminal } = graph;
  let cost = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      cost += side[p] === 1 ? Math.max(0, -terminal[p]!) : Math.max(0, terminal[p]!);
      for (let d = 0; d < DIRECTIONS; d++) {
        const nx = x + directionX(d);
        const ny = y + directionY(d);
        if (nx < 0 || nx >= width || ny < 0 || ny >= height) continue;
        if (side[p] === 1 && side[ny * width + nx] === 0) cost += capacity[p * DIRECTIONS + d]!;
      }
    }
  }
  return cost;
}

describe('the minimum cut of a pixel grid', () => {
  it('cuts along the cheapest column between a source half and a sink half', () => {
    const graph = gridGraph(6, 3);
    for (let p = 0; p < 18; p++) {
      const x = p % 6;
      graph.terminal[p] = x === 0 ? 100 : x === 5 ? -100 : 0;
      for (let d = 0; d < DIRECTIONS; d++) {
        const crosses = (x === 2 && directionX(d) === 1) || (x === 3 && directionX(d) === -1);
        graph.capacity[p * DIRECTIONS + d] = crosses ? 1 : 10;
      }
    }
    const side = minCut(graph);
    for (let y = 0; y < 3; y++) expect(Array.from(side.slice(y * 6, y * 6 + 6))).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it('finds a labelling as cheap as the cheapest of all, on every small random grid', () => {
    const random = prng(38);
    for (let trial = 0; trial < 40; trial++) {
      const width = 3 + (trial % 2);
      const height = 3;
      const graph = randomGrid(width, height, random);
      const n = width * height;
      let best = Infinity;
      for (let labels = 0; labels < 1 << n; labels++) {
        const side = Array.from({ length: n }, (_, p) => (labels >> p) & 1);
        best = Math.min(best, cutCost(graph, side));
      }
      const original = { ...graph, capacity: graph.capacity.slice(), terminal: graph.terminal.slice() };
      expect(cutCost(original, minCut(graph))).toBe(best);
    }
  });
});
