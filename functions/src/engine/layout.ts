import type { FurnitureTypeId } from '@flipstage/core';

/** Where the piece goes in the room, as fractions of the canvas. */
interface TypeLayout {
  /** Largest width and height the piece may take. */
  maxW: number;
  maxH: number;
  /** Centre of the piece. */
  cx: number;
  /** How far in front of the wall the piece stands: its base sits this far below the floor line. */
  depth: number;
}

/** Where the wall meets the floor. */
export const FLOOR_LINE = 0.64;

const LAYOUTS: Record<FurnitureTypeId, TypeLayout> = {
  dresser: { maxW: 0.42, maxH: 0.42, cx: 0.5, depth: 0.05 },
  sofa: { maxW: 0.6, maxH: 0.4, cx: 0.5, depth: 0.08 },
  table: { maxW: 0.52, maxH: 0.38, cx: 0.5, depth: 0.16 },
  chair: { maxW: 0.34, maxH: 0.46, cx: 0.44, depth: 0.12 },
  coffee: { maxW: 0.46, maxH: 0.22, cx: 0.5, depth: 0.26 },
  bed: { maxW: 0.62, maxH: 0.5, cx: 0.5, depth: 0.14 },
  desk: { maxW: 0.48, maxH: 0.4, cx: 0.5, depth: 0.06 },
  bookcase: { maxW: 0.32, maxH: 0.64, cx: 0.42, depth: 0.04 },
};

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RoomLayout {
  width: number;
  height: number;
  floorY: number;
  /** The piece's box on the canvas; its bottom edge is where it touches the floor. */
  subject: Box;
}

/** Scales the piece to a believable size for its type and stands it on the floor. */
export function layoutRoom(type: FurnitureTypeId, width: number, height: number, subjectAspect: number): RoomLayout {
  const spec = LAYOUTS[type];
  const floorY = Math.round(height * FLOOR_LINE);
  // A portrait canvas has less width to spare; let tall pieces use more of it.
  const maxW = width * Math.min(0.9, spec.maxW * Math.max(1, height / width));
  const maxH = height * spec.maxH;
  const w = Math.min(maxW, maxH * subjectAspect);
  const h = w / subjectAspect;
  const bottom = Math.min(height * 0.97, floorY + height * spec.depth);
  const x = Math.max(0, Math.min(width - w, width * spec.cx - w / 2));
  return { width, height, floorY, subject: { x: Math.round(x), y: Math.round(bottom - h), w: Math.max(1, Math.round(w)), h: Math.max(1, Math.round(h)) } };
}
