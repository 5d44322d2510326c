import { basename, extname, join } from 'node:path';
import type { FoundImage } from './collect.js';
import type { StageRequestChoice } from './options.js';
import { DEFAULT_NAME_TEMPLATE, renderOutputName } from './outputName.js';

/** A photo with the options it is to be staged with. */
export interface ChosenImage extends FoundImage {
  choice: StageRequestChoice;
}

export interface PlannedImage extends ChosenImage {
  /** Path of the staged image relative to the output folder. */
  output: string;
}

/**
 * Gives every image its output name from the --name template (always a JPEG) in the same
 * sub-folder. Two inputs that would share a name (chair.jpg and chair.png) get `chair.staged.jpg`
 * and `chair-2.staged.jpg`, in input order, so reruns map each image to the same output.
 * Comparison ignores case, for case-insensitive file systems.
 */
export function assignOutputs(
  images: readonly ChosenImage[],
  template: string = DEFAULT_NAME_TEMPLATE,
): PlannedImage[] {
  const taken = new Set<string>();
  return images.map((image) => {
    const base = basename(image.path, extname(image.path));
    const nameFor = (name: string) =>
      join(
        image.subdir,
        renderOutputName(template, { name, style: image.choice.style, type: image.choice.furnitureType }),
      );
    let output = nameFor(base);
    for (let n = 2; taken.has(output.toLowerCase()); n += 1) output = nameFor(`${base}-${n}`);
    taken.add(output.toLowerCase());
    return { ...image, output };
  });
}
