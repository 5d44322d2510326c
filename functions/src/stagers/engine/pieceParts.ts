import { labelComponents, partBoxes, type PartBox } from './regions.js';
import type { SubjectMask } from './segment.js';

/**
 * The pieces a silhouette is made of, side by side: one for a single piece, two chairs and a side
 * table for a set photographed together. Shares of the silhouette's box.
 */
export interface PieceParts {
  count: number;
  /** The tallest part's height: the one the type's real height belongs to. */
  tallest: number;
  /** The widest part's width: no part may be wider than its type gets. */
  widest: number;
}

/** A part smaller than this share of the silhouette is a scrap (a stray leg tip, a shadow's end), not a piece. */
const MIN_AREA = 0.06;
/** Parts whose columns overlap this much of the narrower one are one piece stacked (a top cut from its legs). */
const STACKED = 0.5;

const ONE_PIECE: PieceParts = { count: 1, tallest: 1, widest: 1 };

function merge(a: PartBox, b: PartBox): PartBox {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
    area: a.area + b.area,
  };
}

function stacked(a: PartBox, b: PartBox): boolean {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
  return overlap >= STACKED * Math.min(a.x1 - a.x0 + 1, b.x1 - b.x0 + 1);
}

export function pieceParts({ mask, width, height }: SubjectMask): PieceParts {
  const { labels, areas } = labelComponents(mask, width);
  const total = areas.reduce((sum, area) => sum + area, 0);
  let parts = partBoxes(labels, areas, width)
    .slice(1)
    .filter((part) => part.area >= MIN_AREA * total);
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < parts.length && !merged; i++) {
      for (let j = i + 1; j < parts.length && !merged; j++) {
        if (!stacked(parts[i]!, parts[j]!)) continue;
        parts = [...parts.filter((_, k) => k !== i && k !== j), merge(parts[i]!, parts[j]!)];
        merged = true;
      }
    }
  }
  if (parts.length < 2) return ONE_PIECE;
  return {
    count: parts.length,
    tallest: Math.max(...parts.map((part) => (part.y1 - part.y0 + 1) / height)),
    widest: Math.max(...parts.map((part) => (part.x1 - part.x0 + 1) / width)),
  };
}
