import { stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { FoundImage } from './collect.js';

export interface PlannedImage extends FoundImage {
  /** Path of the staged image relative to the output folder. */
  output: string;
}

/**
 * Gives every image its output name: `<name>.staged.jpg` (always a JPEG) in the same sub-folder. Two inputs
 * that would share a name (chair.jpg and chair.png) get `chair.staged.jpg` and
 * `chair-2.staged.jpg`, in input order, so reruns map each image to the same output.
 * Comparison ignores case, for case-insensitive file systems.
 */
export function assignOutputs(images: readonly FoundImage[]): PlannedImage[] {
  const taken = new Set<string>();
  return images.map((image) => {
    const base = basename(image.path, extname(image.path));
    let output = join(image.subdir, `${base}.staged.jpg`);
    for (let n = 2; taken.has(output.toLowerCase()); n += 1) output = join(image.subdir, `${base}-${n}.staged.jpg`);
    taken.add(output.toLowerCase());
    return { ...image, output };
  });
}

/** Splits the plan into images still to stage and those whose output already exists (resume). */
export async function splitByExistingOutput(
  images: readonly PlannedImage[],
  outDir: string,
  force: boolean,
): Promise<{ toStage: PlannedImage[]; alreadyStaged: PlannedImage[] }> {
  const toStage: PlannedImage[] = [];
  const alreadyStaged: PlannedImage[] = [];
  for (const image of images) {
    const exists =
      !force &&
      (await stat(join(outDir, image.output)).then(
        (s) => s.isFile(),
        () => false,
      ));
    (exists ? alreadyStaged : toStage).push(image);
  }
  return { toStage, alreadyStaged };
}
