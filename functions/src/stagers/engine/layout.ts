import type { FurnitureTypeId } from '@flipstage/core';
import { pixelsPerMetre, type PlateGeometry, type Region } from './plates/geometry.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Typical real sizes in metres: the height a piece of this type stands, and the widest it plausibly gets in a photo (a 3/4 view included). */
const TYPE_SIZES: Record<FurnitureTypeId, { height: number; maxWidth: number }> = {
  dresser: { height: 0.85, maxWidth: 1.6 },
  sofa: { height: 0.85, maxWidth: 2.4 },
  table: { height: 0.76, maxWidth: 2.0 },
  chair: { height: 0.9, maxWidth: 0.85 },
  coffee: { height: 0.45, maxWidth: 1.3 },
  bed: { height: 1.1, maxWidth: 2.3 },
  desk: { height: 0.76, maxWidth: 1.6 },
  bookcase: { height: 1.85, maxWidth: 1.1 },
};

/** Room left around the piece so it never touches the frame. */
const MARGIN = 0.04;

/**
 * Where the silhouette meets the floor, as fractions of its box: `back` is the highest floor
 * contact (a 3/4 view's rear corner, a table's back legs), 1 is the box's bottom edge.
 */
export interface FloorContact {
  back: number;
}

/**
 * Stands the piece in its type's slot on the plate, at a size believable for its type: its height
 * in metres times the floor's scale where it stands, narrowed if that would make it wider than such
 * a piece gets or than the slot allows, and moved forward until its rear floor contact is on the
 * floor, not in the wall. The box is in plate pixels; its bottom edge is the nearest floor contact.
 */
export function placeOnPlate(
  plate: PlateGeometry,
  type: FurnitureTypeId,
  subjectAspect: number,
  contact: FloorContact = { back: 1 },
  forward = 1,
): Box {
  const { width, height } = plate;
  const slot = plate.slots[type];
  const size = TYPE_SIZES[type];
  const maxWidth = Math.min(size.maxWidth, slot.maxWidthM);
  // `forward` > 1 stands the piece nearer the camera, on the empty floor in front of its slot,
  // where the floor's scale makes it that many times larger.
  const horizon = plate.camera.horizonY;
  let bottom = Math.min(height * (1 - MARGIN), horizon + (slot.y - horizon) * forward);
  let h = 0;
  let w = 0;
  // Moving the piece forward makes it bigger, which moves its rear contact back; two passes settle it.
  for (let pass = 0; pass < 3; pass++) {
    const scale = pixelsPerMetre(plate, bottom);
    h = size.height * scale;
    w = h * subjectAspect;
    if (w > maxWidth * scale) {
      w = maxWidth * scale;
      h = w / subjectAspect;
    }
    const fit = Math.min(1, (width * (1 - 2 * MARGIN)) / w, (bottom - height * MARGIN) / h);
    w *= fit;
    h *= fit;
    const rearContact = bottom - h * (1 - contact.back);
    const needed = plate.floor.backY + height * 0.01 - rearContact;
    if (needed <= 0.5) break;
    bottom = Math.min(height * (1 - MARGIN), bottom + needed);
  }
  const x = Math.max(width * MARGIN, Math.min(width * (1 - MARGIN) - w, slot.x - w / 2));
  return { x, y: bottom - h, w: Math.max(1, w), h: Math.max(1, h) };
}

/**
 * The share of the frame the piece fills on its binding side (its height, or its width when it is
 * the wider for the frame's shape): a listing photo is of the piece, with the room around it
 * (issue 27 asks for 55–75 %).
 */
export const TARGET_FILL = 0.6;
/** Below this the piece is moved nearer the camera rather than left small in a wide frame. */
const MIN_FILL = 0.56;
/** Where the piece's floor line sits in the frame, from the top: low, with floor in front of it. */
const FLOOR_AT = 0.84;

/**
 * The plate is enlarged at most this much. The room behind a sharp piece may go a little soft, as
 * it does behind a product shot at a wide aperture; beyond this it looks smeared.
 */
const MAX_ENLARGEMENT = 1.8;

/** The share of the frame the piece fills on its binding side. */
export function bindingFill(piece: Box, frame: Region): number {
  return Math.max(piece.h / frame.h, piece.w / frame.w);
}

/**
 * The part of the plate the result shows, of the canvas's aspect: framed the way a photographer
 * frames a product in a room, close enough that the piece fills TARGET_FILL on its binding side,
 * its floor line low in the frame. A large (HD) canvas frames wider rather than enlarge the plate
 * beyond what it can give; placeAndFrame then stands the piece nearer.
 */
export function frameAround(
  plate: PlateGeometry,
  piece: Box,
  canvas: { width: number; height: number },
  maxEnlargement = MAX_ENLARGEMENT,
): Region {
  const aspect = canvas.width / canvas.height;
  const maxH = Math.min(plate.height, plate.width / aspect);
  let h = Math.max(
    Math.max(piece.h, piece.w / aspect) / TARGET_FILL,
    canvas.height / maxEnlargement,
    piece.h / (1 - 2 * MARGIN),
    piece.w / (1 - 2 * MARGIN) / aspect,
  );
  h = Math.min(h, maxH);
  const w = h * aspect;
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
  const x = clamp(piece.x + piece.w / 2 - w / 2, plate.width - w);
  // Low in the frame, but never so low that a tall piece loses its top.
  const low = Math.min(piece.y + piece.h - h * FLOOR_AT, piece.y - h * MARGIN);
  const y = clamp(Math.max(low, piece.y + piece.h + h * MARGIN - h), plate.height - h);
  return { x, y, w, h };
}

/** Above this the piece crowds the frame: it is stood further back. */
const MAX_FILL = 0.72;
/**
 * When even standing nearer leaves a low piece small (a coffee table in an HD frame), the plate
 * may be enlarged this much: the room goes soft, as behind a product shot at a wide aperture.
 */
const LAST_RESORT_ENLARGEMENT = 2.6;

/**
 * The piece on the plate and the frame around it. A piece small for its room (a chair in a frame
 * the plate cannot tighten further) stands nearer the camera until it fills the frame as a listing
 * photo should, and one too big for the room stands further back; its size against the room stays
 * that of its type.
 */
export function placeAndFrame(
  plate: PlateGeometry,
  type: FurnitureTypeId,
  subjectAspect: number,
  contact: FloorContact,
  canvas: { width: number; height: number },
): { piece: Box; frame: Region } {
  let forward = 1;
  let piece = placeOnPlate(plate, type, subjectAspect, contact, forward);
  let frame = frameAround(plate, piece, canvas);
  for (let pass = 0; pass < 4; pass++) {
    const fill = bindingFill(piece, frame);
    if (fill >= MIN_FILL && fill <= MAX_FILL) break;
    forward *= TARGET_FILL / fill;
    const moved = placeOnPlate(plate, type, subjectAspect, contact, forward);
    // Against the frame's bottom edge, or the back wall, it can move no further.
    if (Math.abs(moved.h - piece.h) < 0.5) break;
    piece = moved;
    frame = frameAround(plate, piece, canvas);
  }
  if (bindingFill(piece, frame) < MIN_FILL) frame = frameAround(plate, piece, canvas, LAST_RESORT_ENLARGEMENT);
  return { piece, frame };
}
