import { z } from 'zod';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS } from '@flipstage/core';

export const PLATE_ROOMS = ['living', 'bedroom', 'dining'] as const;
export type PlateRoom = (typeof PLATE_ROOMS)[number];

/** What a plate shows, for prompts to steer the choice (docs/plates.md). */
export const PLATE_TAGS = [
  'lamp',
  'rug',
  'plants',
  'flowers',
  'window',
  'large-window',
  'mirror',
  'art',
  'books',
  'fireplace',
  'curtains',
  'brick',
  'concrete',
  'plaster',
  'panelling',
  'wood-floor',
  'white-walls',
  'dark-walls',
  'bright',
  'dark',
  'warm',
  'cool',
] as const;
export type PlateTag = (typeof PLATE_TAGS)[number];

export const PLATE_VIEWS = ['front', 'three-quarter'] as const;
export type PlateView = (typeof PLATE_VIEWS)[number];

/** A camera turned this far or more from the back wall's normal shows the room at three-quarters. */
export const THREE_QUARTER_YAW_DEG = 15;

/** The view a camera's yaw gives: front-on, or three-quarter once it turns THREE_QUARTER_YAW_DEG. */
export function viewOfYaw(yawDeg: number): PlateView {
  return Math.abs(yawDeg) >= THREE_QUARTER_YAW_DEG ? 'three-quarter' : 'front';
}

const finite = z.number().finite();
const positive = finite.positive();
const point = z.tuple([finite, finite]);

const slotSchema = z.strictObject({ x: finite, y: finite, maxWidthM: positive });

/** The geometry file beside each room plate, exactly as docs/plates.md describes it. */
export const plateGeometrySchema = z
  .strictObject({
    id: z.string().regex(/^[a-z]+-[1-9][0-9]*$/, 'must be <style>-<n>, n from 1'),
    style: z.enum(DESIGN_STYLE_IDS),
    room: z.enum(PLATE_ROOMS),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    camera: z.strictObject({
      // A photographer's eye: from a low seat to a standing adult's.
      heightM: finite.min(0.5).max(2),
      horizonY: finite,
      focalPx: positive,
      // The camera turns about the vertical only, so it stays level and the floor's scale holds.
      yawDeg: finite.min(-60).max(60),
    }),
    view: z.enum(PLATE_VIEWS),
    floor: z.strictObject({ backY: finite, polygon: z.array(point).min(3) }),
    // A record keyed by an enum is exhaustive in zod 4: every furniture type needs its slot.
    slots: z.record(z.enum(FURNITURE_TYPE_IDS), slotSchema),
    light: z.strictObject({
      side: z.enum(['left', 'right', 'front', 'back']),
      direction: point.refine(([dx, dy]) => Math.abs(Math.hypot(dx, dy) - 1) < 0.02, 'must be a unit vector'),
      elevationDeg: finite.min(0).max(90),
      colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be an sRGB hex colour like #ffe8c8'),
    }),
    tags: z.array(z.enum(PLATE_TAGS)),
    occluders: z
      .array(
        z.strictObject({
          // A bare file name: the plates directory is the only place an occluder may come from.
          image: z.string().regex(/^[\w.-]+\.png$/, 'must be a PNG file name in the plates directory'),
          x: finite,
          y: finite,
        }),
      )
      .optional(),
  })
  .refine((plate) => plate.id.startsWith(`${plate.style}-`), {
    message: 'must start with the plate’s style',
    path: ['id'],
  })
  .refine((plate) => plate.view === viewOfYaw(plate.camera.yawDeg), {
    message: `must be 'three-quarter' when the camera turns ${THREE_QUARTER_YAW_DEG}° or more, else 'front'`,
    path: ['view'],
  })
  .refine((plate) => new Set(plate.tags).size === plate.tags.length, {
    message: 'must not repeat a tag',
    path: ['tags'],
  });

export type PlateGeometry = z.infer<typeof plateGeometrySchema>;

/**
 * The camera is level, so the floor's scale depends on the row alone: an object h metres tall
 * standing on the floor at row y is h × pixelsPerMetre pixels tall.
 */
export function pixelsPerMetre(geometry: PlateGeometry, y: number): number {
  return (y - geometry.camera.horizonY) / geometry.camera.heightM;
}

/**
 * The row where the visible floor ends at column x, going up: the foot of the wall behind it.
 * A three-quarter camera sees that line slope, so a piece's far corner can reach the wall at one
 * end while the other end stands well clear of it.
 */
export function floorTopAt(geometry: PlateGeometry, x: number): number {
  const { polygon, backY } = geometry.floor;
  let top = Infinity;
  for (let i = 0; i < polygon.length; i++) {
    const [x0, y0] = polygon[i]!;
    const [x1, y1] = polygon[(i + 1) % polygon.length]!;
    if (x < Math.min(x0, x1) || x > Math.max(x0, x1)) continue;
    top = Math.min(top, x0 === x1 ? Math.min(y0, y1) : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
  }
  return Number.isFinite(top) ? top : backY;
}

export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The geometry of `region` of the plate once scaled by `scale`: the compositor cuts a canvas of
 * the photo's aspect out of the plate and resizes it to the output size, and then places the
 * piece in output pixels. Lengths in metres and the light's direction survive a uniform scale;
 * occluder images must be resized by `scale` as well. The floor polygon is not clipped: it may
 * reach outside the canvas, which a fill does not mind.
 */
export function cropGeometry(geometry: PlateGeometry, region: Region, scale: number): PlateGeometry {
  const col = (x: number) => (x - region.x) * scale;
  const row = (y: number) => (y - region.y) * scale;
  const slots = Object.fromEntries(
    Object.entries(geometry.slots).map(([type, slot]) => [type, { ...slot, x: col(slot.x), y: row(slot.y) }]),
  ) as PlateGeometry['slots'];
  return {
    ...geometry,
    width: Math.round(region.w * scale),
    height: Math.round(region.h * scale),
    camera: { ...geometry.camera, horizonY: row(geometry.camera.horizonY), focalPx: geometry.camera.focalPx * scale },
    floor: {
      backY: row(geometry.floor.backY),
      polygon: geometry.floor.polygon.map(([x, y]) => [col(x), row(y)] as [number, number]),
    },
    slots,
    ...(geometry.occluders && {
      occluders: geometry.occluders.map((o) => ({ ...o, x: col(o.x), y: row(o.y) })),
    }),
  };
}
