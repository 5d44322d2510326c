import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbImage } from '../saliency.js';
import { plateGeometrySchema, type PlateGeometry } from './geometry.js';
import { createPromiseCache } from './promiseCache.js';

/**
 * The deploy bundle carries the plates in plates/ beside itself (scripts/build-functions.mjs);
 * the workspace, from src/ or dist/ alike, reads them from functions/assets/plates/.
 */
export function platesDirectory(): string {
  const bundled = fileURLToPath(new URL('./plates/', import.meta.url));
  return existsSync(bundled) ? bundled : fileURLToPath(new URL('../../../../assets/plates/', import.meta.url));
}

function parsePlate(file: string, text: string): PlateGeometry {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Room plate ${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = plateGeometrySchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Room plate ${file} is invalid: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/** Every plate's geometry in `directory`, checked against its file name and the files it names, by id. */
export async function readPlateDirectory(directory: string): Promise<PlateGeometry[]> {
  const files = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => {
      const plate = parsePlate(file, await readFile(join(directory, file), 'utf8'));
      if (`${plate.id}.json` !== file) throw new Error(`Room plate ${file} has the id ${plate.id}`);
      for (const image of [`${plate.id}.jpg`, ...(plate.occluders ?? []).map((o) => o.image)]) {
        if (!existsSync(join(directory, image))) throw new Error(`Room plate ${file} needs ${image}, which is missing`);
      }
      return plate;
    }),
  );
}

let library: Promise<PlateGeometry[]> | null = null;

/** Read and checked once per process: the plates are part of the deployed code and never change under it. */
export function loadPlates(): Promise<readonly PlateGeometry[]> {
  library ??= readPlateDirectory(platesDirectory()).catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

async function decodePlate(id: string): Promise<RgbImage> {
  if (!(await loadPlates()).some((plate) => plate.id === id)) throw new Error(`No room plate ${id}`);
  const { data, info } = await sharp(join(platesDirectory(), `${id}.jpg`))
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * A plate's pixels as raw sRGB. Decoding a 1536 × 1024 JPEG costs tens of milliseconds and its
 * pixels 4.7 MB, so the few most recent plates stay decoded: enough for the rooms one seller
 * walks through with "Try another room", small beside the engine's other memory. The pixels are
 * shared by every caller: read them, never write to them.
 */
export const loadPlatePixels: (id: string) => Promise<RgbImage> = createPromiseCache(3, decodePlate);

export interface RgbaImage {
  rgba: Uint8Array;
  width: number;
  height: number;
}

async function decodeOccluder(image: string): Promise<RgbaImage> {
  const { data, info } = await sharp(join(platesDirectory(), image))
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** A plate's foreground cut-out (geometry `occluders[].image`), decoded once like the plates themselves. */
export const loadOccluder: (image: string) => Promise<RgbaImage> = createPromiseCache(3, decodeOccluder);
