import type { DesignStyleId, FurnitureTypeId } from '@flipstage/core';
import type { PlateGeometry, PlateRoom, PlateTag, PlateView } from './geometry.js';
import { promptTags } from './promptTags.js';

/** The rooms a piece looks at home in, best first; every plate still has a slot for every type. */
const PREFERRED_ROOMS: Record<FurnitureTypeId, readonly PlateRoom[]> = {
  bed: ['bedroom'],
  sofa: ['living'],
  coffee: ['living'],
  table: ['dining'],
  desk: ['dining'],
  dresser: ['bedroom', 'living'],
  chair: ['living', 'dining'],
  bookcase: ['living', 'dining'],
};

/** A plate tagged with the opposite of what was asked for is a worse match than one tagged with neither. */
const OPPOSITE: Partial<Record<PlateTag, PlateTag>> = {
  bright: 'dark',
  dark: 'bright',
  warm: 'cool',
  cool: 'warm',
  'white-walls': 'dark-walls',
  'dark-walls': 'white-walls',
};

export interface PlateRequest {
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  prompt: string;
  /** 0 is the best match; each next number is the next room in the ranking, wrapping round. */
  variant: number;
  /** How the seller's photo sees the piece, when known: a piece shot from a corner sits best in a room seen from one. */
  view?: PlateView | PieceView;
}

/** The viewpoint of the seller's photo (viewpoint.ts): front-on, or from a corner on one side of the piece. */
export interface PieceView {
  view: PlateView;
  /** For a corner view, the side of the piece's nearest corner: on the right, the room's back wall must recede to the left. */
  nearCorner?: 'left' | 'right';
}

export interface PlateChoice {
  plate: PlateGeometry;
  /** The tags the prompt asked for that this plate shows, in the prompt's order ("brick", "fireplace"). */
  matched: string[];
}

function roomRank(type: FurnitureTypeId, room: PlateRoom): number {
  const rank = PREFERRED_ROOMS[type].indexOf(room);
  return rank === -1 ? PREFERRED_ROOMS[type].length : rank;
}

function score(plate: PlateGeometry, wanted: ReadonlySet<PlateTag>): number {
  let total = 0;
  for (const tag of plate.tags) {
    if (wanted.has(tag)) total += 1;
    const opposite = OPPOSITE[tag];
    if (opposite && wanted.has(opposite)) total -= 1;
  }
  return total;
}

/**
 * What a room seen from the wrong side costs against the prompt's words, each worth 1; a tie
 * goes to the better view. A corner photo in a front room, or a front photo in a corner room,
 * stands at an angle to the room (1.5); a corner room turned the other way (1) matches the
 * photo's camera, but the piece stands turned against its walls. One asked-for word never
 * takes a piece out of the room that matches its photo; two do: the seller's words are wishes,
 * the wrong angle is a fault anyone sees, and `matched` says which words the room shows.
 */
const VIEW_MISMATCH = 1.5;
const SIDE_MISMATCH = 1;

function viewCost(plate: PlateGeometry, view: PieceView | undefined): number {
  if (!view) return 0;
  if (plate.view !== view.view) return VIEW_MISMATCH;
  if (!view.nearCorner || plate.view === 'front') return 0;
  // A camera turned left (positive yaw) sees a piece parallel to the back wall with its nearest corner on the right.
  const plateNear = plate.camera.yawDeg > 0 ? 'right' : 'left';
  return plateNear === view.nearCorner ? 0 : SIDE_MISMATCH;
}

interface Ranked {
  plate: PlateGeometry;
  /** The prompt's words the plate shows, less its view's cost. */
  score: number;
  view: number;
  room: number;
}

const sameRank = (a: Ranked, b: Ranked) => a.score === b.score && a.view === b.view && a.room === b.room;

/** Share of two plates' tags they do not have in common: 1 for rooms with nothing alike. */
function tagDistance(a: PlateGeometry, b: PlateGeometry): number {
  const union = new Set([...a.tags, ...b.tags]);
  if (union.size === 0) return 0;
  const shared = a.tags.filter((tag) => b.tags.includes(tag)).length;
  return 1 - shared / union.size;
}

/**
 * The ranking as "Try another room" walks it: within a run of equally good plates, each next one
 * is the one least like the room just shown (by tags), so the seller sees a different room, not
 * the same grey wall lit another way. The ranking between runs is kept.
 */
function diverseOrder(ranked: readonly Ranked[]): Ranked[] {
  const walk: Ranked[] = [];
  const left = [...ranked];
  while (left.length > 0) {
    const previous = walk.at(-1);
    let pick = 0;
    if (previous) {
      for (let i = 1; i < left.length && sameRank(left[i]!, left[0]!); i++)
        if (tagDistance(left[i]!.plate, previous.plate) > tagDistance(left[pick]!.plate, previous.plate)) pick = i;
    }
    walk.push(...left.splice(pick, 1));
  }
  return walk;
}

/**
 * The plate a request stages in, and which of the prompt's words it honours. The style's plates
 * are ranked by how many of the prompt's tags they show (none for the auto prompt; a tag's
 * opposite counts against) less what their view costs against the photo's (VIEW_MISMATCH,
 * SIDE_MISMATCH: a corner photo goes into the corner room turned its way unless the words ask
 * for two more things another room shows), then by that cost alone, then by how well their room
 * suits the piece, then by id (numerically, so coastal-10 follows coastal-9); `variant` walks
 * down that ranking, varied within ties (diverseOrder). Only the requested style's plates are
 * considered, even when another style's would show more of the prompt's words: the style is what
 * the seller chose, and `matched` tells them honestly which words the room shows.
 */
export function choosePlate(plates: readonly PlateGeometry[], request: PlateRequest): PlateChoice {
  const { style, furnitureType, prompt, variant, view } = request;
  if (!Number.isInteger(variant) || variant < 0) throw new RangeError(`variant must be an integer ≥ 0, not ${variant}`);
  const wanted = promptTags(prompt);
  const pieceView = typeof view === 'string' ? { view } : view;
  const ranked: Ranked[] = plates
    .filter((plate) => plate.style === style)
    .map((plate) => {
      const cost = viewCost(plate, pieceView);
      return { plate, score: score(plate, wanted) - cost, view: cost, room: roomRank(furnitureType, plate.room) };
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.view - b.view ||
        a.room - b.room ||
        a.plate.id.localeCompare(b.plate.id, 'en', { numeric: true }),
    );
  if (ranked.length === 0) throw new Error(`No room plates for the ${style} style`);
  const walk = diverseOrder(ranked);
  const plate = walk[variant % walk.length]!.plate;
  return { plate, matched: [...wanted].filter((tag) => plate.tags.includes(tag)) };
}

/**
 * A whole-plate grade the compositor applies after the room is chosen: every channel times
 * `brightness`, then red times (1 + temperature) and blue times (1 − temperature).
 */
export interface ColourGrade {
  brightness: number;
  temperature: number;
}

/**
 * The prompt's light words as a grade. The numbers stay small on purpose: the plate was rendered
 * with its own light, and the shadows and the piece's grade follow that light, so a strong grade
 * would leave them disagreeing with the room; the sRGB JPEG also clips highlights above about
 * 1.12 and shows banding in shadows pulled below about 0.85. Choosing a plate tagged bright or
 * dark does most of the work; the grade only nudges it. Words that contradict each other
 * ("light oak in a dark room") cancel.
 */
export function colourGrade(prompt: string): ColourGrade {
  const tags = promptTags(prompt);
  const lighter = Number(tags.has('bright')) - Number(tags.has('dark'));
  const warmer = Number(tags.has('warm')) - Number(tags.has('cool'));
  return {
    brightness: lighter > 0 ? 1.08 : lighter < 0 ? 0.88 : 1,
    temperature: warmer * 0.04,
  };
}
