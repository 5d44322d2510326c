import { buildAutoPrompt, type DesignStyleId, type FurnitureTypeId } from '@flipstage/core';
import { mix, shade } from './palette.js';
import { STYLE_LOOKS, type RoomLook } from './styles.js';

/** Colour words a user is likely to type, as wall paint. */
const COLOURS: Record<string, string> = {
  white: '#f3f2ee',
  cream: '#efe6d2',
  beige: '#ddd0b8',
  grey: '#b9bbbc',
  gray: '#b9bbbc',
  black: '#2a2a2b',
  charcoal: '#3c3f42',
  blue: '#8fb3d1',
  navy: '#2c3e5c',
  teal: '#3f8a8a',
  green: '#8fae8b',
  sage: '#b5c2a5',
  olive: '#7d7f4e',
  yellow: '#ecd58a',
  mustard: '#d4a73a',
  orange: '#e29a5b',
  terracotta: '#c8734e',
  red: '#b4483c',
  pink: '#e8b9b5',
  blush: '#efcfc6',
  purple: '#8d7aa8',
  lavender: '#c5b8da',
  brown: '#8a6446',
  tan: '#cdb28f',
};

function words(prompt: string): string[] {
  return prompt.toLowerCase().match(/[a-z]+/g) ?? [];
}

function has(list: string[], ...keys: string[]): boolean {
  return keys.some((k) => list.includes(k));
}

/** The colour named for the walls: "blue walls" wins over a colour mentioned elsewhere. */
function wallColour(list: string[]): string | undefined {
  for (let i = 0; i < list.length; i++) {
    const next = list[i + 1] ?? '';
    if (COLOURS[list[i]!] && /^walls?$|^paint|^painted$/.test(next)) return COLOURS[list[i]!];
  }
  const first = list.find((w) => COLOURS[w]);
  return first ? COLOURS[first] : undefined;
}

/**
 * The look for a request: the style's own look, adjusted by keywords when the user wrote or edited
 * the prompt. The untouched auto prompt only restates the style, so it changes nothing.
 */
export function lookFor(style: DesignStyleId, furnitureType: FurnitureTypeId, prompt: string): RoomLook {
  const look: RoomLook = { ...STYLE_LOOKS[style] };
  if (prompt.trim() === buildAutoPrompt(style, furnitureType)) return look;
  const list = words(prompt);

  const colour = wallColour(list);
  if (colour) {
    look.wall = colour;
    look.wallAccent = shade(colour, -0.12);
    if (look.treatment === 'brick' || look.treatment === 'paneling') look.treatment = 'plain';
  }
  if (has(list, 'brick', 'bricks', 'loft')) look.treatment = 'brick';
  if (has(list, 'paneling', 'panelling', 'panels', 'paneled')) look.treatment = 'paneling';
  if (has(list, 'shiplap')) look.treatment = 'shiplap';
  if (has(list, 'wainscoting', 'wainscot')) look.treatment = 'wainscot';
  if (has(list, 'wood', 'wooden', 'oak', 'walnut', 'hardwood', 'parquet')) {
    look.floor = 'wood';
    if (has(list, 'walnut', 'dark')) look.floorColour = '#6b4327';
    else if (has(list, 'oak', 'light', 'pale')) look.floorColour = '#caa57a';
  }
  if (has(list, 'concrete', 'cement')) look.floor = 'concrete';
  if (has(list, 'marble')) {
    look.floor = 'marble';
    look.floorColour = '#ecebe7';
  }
  if (has(list, 'tile', 'tiles', 'tiled')) look.floor = 'tile';
  if (has(list, 'rug', 'carpet')) look.rug = look.rug === 'none' ? 'wool' : look.rug;
  if (has(list, 'window', 'windows', 'daylight', 'sunlight', 'sunny')) look.window = true;
  if (has(list, 'plant', 'plants', 'greenery', 'houseplants', 'botanical', 'jungle')) look.plants = Math.max(2, look.plants + 1);
  if (has(list, 'mirror')) look.mirror = look.mirror === 'none' ? 'round' : look.mirror;
  if (has(list, 'dark', 'moody', 'evening', 'night', 'dim')) {
    look.brightness = Math.max(0.3, look.brightness - 0.35);
    look.wall = shade(look.wall, -0.3);
    look.light = mix(look.light, '#ffb86b', 0.5);
  }
  if (has(list, 'bright', 'airy', 'sunny', 'light', 'white')) {
    look.brightness = Math.min(1, look.brightness + 0.2);
    look.wall = shade(look.wall, 0.15);
  }
  return look;
}
