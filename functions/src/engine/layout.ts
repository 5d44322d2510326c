import type { FurnitureTypeId } from '@flipstage/core';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The drawn room's camera: where the back wall meets the floor, the horizon (eye level) and how
 * tall the visible back wall is in metres. Together they give pixels per metre at any floor row.
 */
export const FLOOR_LINE = 0.64;
export const HORIZON_LINE = 0.42;
const WALL_METRES = 2.5;

/** Typical real sizes in metres: the height a piece of this type stands, and the widest it plausibly gets in a photo (a 3/4 view included). */
const TYPE_SIZES: Record<FurnitureTypeId, { height: number; maxWidth: number; cx: number; depth: number }> = {
  dresser: { height: 0.85, maxWidth: 1.6, cx: 0.5, depth: 0.05 },
  sofa: { height: 0.85, maxWidth: 2.4, cx: 0.5, depth: 0.08 },
  table: { height: 0.76, maxWidth: 2.0, cx: 0.5, depth: 0.16 },
  chair: { height: 0.9, maxWidth: 0.85, cx: 0.44, depth: 0.12 },
  coffee: { height: 0.45, maxWidth: 1.3, cx: 0.5, depth: 0.24 },
  bed: { height: 1.1, maxWidth: 2.3, cx: 0.5, depth: 0.14 },
  desk: { height: 0.76, maxWidth: 1.6, cx: 0.5, depth: 0.06 },
  bookcase: { height: 1.85, maxWidth: 1.1, cx: 0.42, depth: 0.04 },
};

/** Room left around the piece so it never touches the frame. */
const MARGIN = 0.04;

export interface RoomGeometry {
  width: number;
  height: number;
  floorY: number;
  horizonY: number;
}

export function roomGeometry(width: number, height: number): RoomGeometry {
  return { width, height, floorY: Math.round(height * FLOOR_LINE), horizonY: Math.round(height * HORIZON_LINE) };
}

/** Pixels per metre for something standing on the floor at row y: nearer the camera, bigger. */
export function pixelsPerMetre(geometry: RoomGeometry, y: number): number {
  const atWall = geometry.floorY / WALL_METRES;
  return (atWall * (y - geometry.horizonY)) / (geometry.floorY - geometry.horizonY);
}

/**
 * Where the silhouette meets the floor, as fractions of its box: `back` is the highest floor
 * contact (a 3/4 view's rear corner, a table's back legs), 1 is the box's bottom edge.
 */
export interface FloorContact {
  back: number;
}

export interface RoomLayout extends RoomGeometry {
  /** The piece's box on the canvas; its bottom edge is its nearest floor contact. */
  subject: Box;
}

/**
 * Stands the piece on the floor at a size believable for its type: its height in metres times
 * the room's scale where it stands, narrowed if that would make it wider than such a piece gets,
 * and pushed forward until its rear floor contact is on the floor, not in the wall.
 */
export function layoutRoom(
  type: FurnitureTypeId,
  width: number,
  height: number,
  subjectAspect: number,
  contact: FloorContact = { back: 1 },
): RoomLayout {
  const geometry = roomGeometry(width, height);
  const size = TYPE_SIZES[type];
  let bottom = Math.min(height * (1 - MARGIN), geometry.floorY + height * size.depth);
  let h = 0;
  let w = 0;
  // Moving the piece forward makes it bigger, which moves its rear contact back; two passes settle it.
  for (let pass = 0; pass < 3; pass++) {
    const scale = pixelsPerMetre(geometry, bottom);
    h = size.height * scale;
    w = h * subjectAspect;
    if (w > size.maxWidth * scale) {
      w = size.maxWidth * scale;
      h = w / subjectAspect;
    }
    const fit = Math.min(1, (width * (1 - 2 * MARGIN)) / w, (bottom - height * MARGIN) / h);
    w *= fit;
    h *= fit;
    const rearContact = bottom - h * (1 - contact.back);
    const needed = geometry.floorY + height * 0.015 - rearContact;
    if (needed <= 0.5) break;
    bottom = Math.min(height * (1 - MARGIN), bottom + needed);
  }
  const x = Math.max(width * MARGIN, Math.min(width * (1 - MARGIN) - w, width * size.cx - w / 2));
  return {
    ...geometry,
    subject: {
      x: Math.round(x),
      y: Math.round(bottom - h),
      w: Math.max(1, Math.round(w)),
      h: Math.max(1, Math.round(h)),
    },
  };
}
