import type { FurnitureTypeId } from '@flipstage/core';
import type { FloorContact } from './floorContact.js';
import type { PieceParts } from './pieceParts.js';
import { floorTopAt, pixelsPerMetre, type PlateGeometry, type Region } from './plates/geometry.js';

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
/** A rear floor contact stands at least this share of the plate's height below the foot of the wall. */
const CLEAR_OF_WALL = 0.01;
/**
 * Of a piece cut off by the photo's bottom edge, the share of its height taken to be below the
 * cut: about its legs or plinth. Unknown, so kept modest: the piece is drawn a little large
 * rather than a little small.
 */
const HIDDEN_BY_CUT = 0.15;

/**
 * A silhouette this many times wider than its type gets, at its type's height, is several pieces
 * side by side touching in the mask (two armchairs and a side table), not one piece to shrink.
 */
const SET_WIDTH = 1.5;

/** What the silhouette says about how the piece stands: its box's shape, its floor contacts, its parts. */
export interface PieceShape {
  /** Width over height of the silhouette's box, in the photo's proportions. */
  aspect: number;
  floor: Pick<FloorContact, 'feet' | 'cut'>;
  parts: PieceParts;
}

/** A single piece standing on its bottom row, all of it a floor contact. */
export function flatPiece(aspect: number): PieceShape {
  return { aspect, floor: { feet: new Float32Array([1, 1]), cut: false }, parts: { count: 1, tallest: 1, widest: 1 } };
}

/**
 * Where a piece of `widthM` metres stands: its type's slot, or for a set wider than that slot
 * leaves free, the slot where the room leaves the most floor free (the sofa's, as a rule).
 */
function slotFor(
  plate: PlateGeometry,
  type: FurnitureTypeId,
  widthM: number,
  set: boolean,
): PlateGeometry['slots'][FurnitureTypeId] {
  const own = plate.slots[type];
  if (!set || widthM <= own.maxWidthM) return own;
  return Object.values(plate.slots).reduce((best, slot) => (slot.maxWidthM > best.maxWidthM ? slot : best), own);
}

/**
 * How far the piece must come forward so that each of its floor contacts stands on the floor,
 * not in the wall: the foot of the wall is read per column, as a three-quarter camera sees it slope.
 */
function intoTheWall(plate: PlateGeometry, box: Box, feet: ArrayLike<number>): number {
  let needed = 0;
  for (let i = 0; i < feet.length; i++) {
    const foot = feet[i]!;
    if (Number.isNaN(foot)) continue;
    const x = box.x + ((i + 0.5) / feet.length) * box.w;
    needed = Math.max(needed, floorTopAt(plate, x) + plate.height * CLEAR_OF_WALL - (box.y + foot * box.h));
  }
  return needed;
}

/**
 * Stands the piece in its type's slot on the plate, at a size believable for its type: its height
 * in metres times the floor's scale where it stands, narrowed if that would make it wider than such
 * a piece gets or than the slot allows, and moved forward until every floor contact is on the
 * floor, not in the wall. A set (parts apart in the mask, or a silhouette SET_WIDTH times wider
 * than its type gets) stands where the room has floor for it, its tallest part the type's
 * height, no part wider than its type gets, the whole no wider than the room leaves free; too
 * wide for the plate, it steps back before it shrinks. A piece cut off by the photo's
 * frame stands with its unseen base on the floor, the cut HIDDEN_BY_CUT of its height above it.
 * The box is in plate pixels; the bottom edge of a whole piece is its nearest floor contact.
 */
export function placeOnPlate(plate: PlateGeometry, type: FurnitureTypeId, piece: PieceShape, forward = 1): Box {
  const { width, height } = plate;
  const { aspect, floor, parts } = piece;
  const size = TYPE_SIZES[type];
  const seen = floor.cut ? 1 - HIDDEN_BY_CUT : 1;
  const heightM = size.height / parts.tallest;
  const widthM = heightM * seen * aspect;
  const set = parts.count > 1 || widthM > size.maxWidth * SET_WIDTH;
  const slot = slotFor(plate, type, widthM, set);
  // Touching pieces of a set are one part of the mask: only the room limits their width.
  const partWidth = parts.count > 1 ? size.maxWidth / parts.widest : set ? Infinity : size.maxWidth;
  const maxWidth = Math.min(partWidth, slot.maxWidthM);
  // `forward` > 1 stands the piece nearer the camera, on the empty floor in front of its slot,
  // where the floor's scale makes it that many times larger.
  const horizon = plate.camera.horizonY;
  const nearest = height * (1 - MARGIN);
  let ground = Math.min(nearest, horizon + (slot.y - horizon) * forward);
  let box: Box = { x: 0, y: 0, w: 1, h: 1 };
  // Moving the piece forward makes it bigger, which moves its rear contacts back; a few passes settle it.
  for (let pass = 0; pass < 4; pass++) {
    const scale = pixelsPerMetre(plate, ground);
    // The silhouette's aspect is that of the part seen: above the cut, for a cut piece.
    let h = heightM * seen * scale;
    let w = h * aspect;
    if (w > maxWidth * scale) {
      w = maxWidth * scale;
      h = w / aspect;
    }
    const room = width * (1 - 2 * MARGIN);
    if (pass === 0 && w > room) {
      ground = horizon + ((ground - horizon) * room) / w;
      continue;
    }
    const bottom = ground - (h / seen) * (1 - seen);
    const fit = Math.min(1, room / w, (bottom - height * MARGIN) / h);
    w *= fit;
    h *= fit;
    const x = Math.max(width * MARGIN, Math.min(width * (1 - MARGIN) - w, slot.x - w / 2));
    box = { x, y: bottom - h, w: Math.max(1, w), h: Math.max(1, h) };
    const needed = intoTheWall(plate, box, floor.feet);
    if (needed <= 0.5 || ground >= nearest) break;
    ground = Math.min(nearest, ground + needed);
  }
  return box;
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
/** A cut piece's cut edge is this share of the frame's height below it, so no resampled edge row shows. */
const CUT_BELOW_FRAME = 0.02;

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
 * beyond what it can give; placeAndFrame then stands the piece nearer. A piece `cut` off by its
 * photo's bottom edge is framed with the cut just below the frame's bottom edge, so it goes on
 * out of the picture instead of ending in a ragged line on the floor.
 */
export function frameAround(
  plate: PlateGeometry,
  piece: Box,
  canvas: { width: number; height: number },
  maxEnlargement = MAX_ENLARGEMENT,
  cut = false,
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
  if (cut) {
    // Closer in if need be, as long as the whole piece stays inside: a photo cut this close was a close-up.
    const tight = Math.max(
      piece.h / (1 - MARGIN),
      piece.w / (1 - 2 * MARGIN) / aspect,
      canvas.height / LAST_RESORT_ENLARGEMENT,
    );
    h = Math.min(maxH, Math.max(tight, Math.min(h, (piece.y + piece.h) / (1 + CUT_BELOW_FRAME))));
  }
  const w = h * aspect;
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
  const x = clamp(piece.x + piece.w / 2 - w / 2, plate.width - w);
  if (cut) return { x, y: clamp(piece.y + piece.h - h * (1 + CUT_BELOW_FRAME), plate.height - h), w, h };
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
 * The piece on the plate and the frame around it (fillFrame). A piece cut off by its photo's
 * bottom edge goes on out of the picture; where the room cannot be framed that close, it stands
 * on its cut edge like a whole piece.
 */
export function placeAndFrame(
  plate: PlateGeometry,
  type: FurnitureTypeId,
  shape: PieceShape,
  canvas: { width: number; height: number },
): { piece: Box; frame: Region } {
  if (!shape.floor.cut) return fillFrame(plate, type, shape, canvas);
  const hidden = fillFrame(plate, type, shape, canvas);
  if (hidden.frame.y + hidden.frame.h <= hidden.piece.y + hidden.piece.h) return hidden;
  // Where the room cannot be framed close enough to hide the cut, the piece stands on its cut edge.
  return fillFrame(plate, type, { ...shape, floor: { ...shape.floor, cut: false } }, canvas);
}

/**
 * A piece small for its room (a chair in a frame the plate cannot tighten further) stands nearer
 * the camera until it fills the frame as a listing photo should, and one too big for the room
 * stands further back; its size against the room stays that of its type.
 */
function fillFrame(
  plate: PlateGeometry,
  type: FurnitureTypeId,
  shape: PieceShape,
  canvas: { width: number; height: number },
): { piece: Box; frame: Region } {
  const { cut } = shape.floor;
  let forward = 1;
  let piece = placeOnPlate(plate, type, shape, forward);
  let frame = frameAround(plate, piece, canvas, MAX_ENLARGEMENT, cut);
  for (let pass = 0; pass < 4; pass++) {
    const fill = bindingFill(piece, frame);
    if (fill >= MIN_FILL && fill <= MAX_FILL) break;
    forward *= TARGET_FILL / fill;
    const moved = placeOnPlate(plate, type, shape, forward);
    // Against the frame's bottom edge, or the back wall, it can move no further.
    if (Math.abs(moved.h - piece.h) < 0.5) break;
    piece = moved;
    frame = frameAround(plate, piece, canvas, MAX_ENLARGEMENT, cut);
  }
  if (bindingFill(piece, frame) < MIN_FILL) frame = frameAround(plate, piece, canvas, LAST_RESORT_ENLARGEMENT, cut);
  return { piece, frame };
}
