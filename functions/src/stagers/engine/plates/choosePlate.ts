import type { DesignStyleId, FurnitureTypeId } from '@flipstage/core';
import type { PlateGeometry, PlateRoom, PlateTag } from './geometry.js';
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
const OPPOSITE: Partial<Record<PlateTag, PlateTag>> = { bright: 'dark', dark: 'bright', warm: 'cool', cool: 'warm' };

export interface PlateRequest {
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  prompt: string;
  /** 0 is the best match; each next number is the next room in the ranking, wrapping round. */
  variant: number;
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
 * The plate a request stages in: the style's plates ranked by how many of the prompt's keywords
 * they show (none for the auto prompt), then by how well their room suits the piece, then by id
 * (numerically, so coastal-10 follows coastal-9); `variant` walks down that ranking.
 */
export function choosePlate(plates: readonly PlateGeometry[], request: PlateRequest): PlateGeometry {
  const { style, furnitureType, prompt, variant } = request;
  if (!Number.isInteger(variant) || variant < 0) throw new RangeError(`variant must be an integer ≥ 0, not ${variant}`);
  const wanted = promptTags(prompt);
  const ranked = plates
    .filter((plate) => plate.style === style)
    .map((plate) => ({ plate, score: score(plate, wanted), room: roomRank(furnitureType, plate.room) }))
    .sort(
      (a, b) => b.score - a.score || a.room - b.room || a.plate.id.localeCompare(b.plate.id, 'en', { numeric: true }),
    );
  if (ranked.length === 0) throw new Error(`No room plates for the ${style} style`);
  return ranked[variant % ranked.length]!.plate;
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
