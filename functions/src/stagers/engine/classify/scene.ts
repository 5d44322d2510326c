import type { RgbImage } from './detector.js';

/**
 * Two kinds of photo COCO has no class for, read from plain pixel statistics of the analysis
 * copy: a landscape (sky fills the top of the frame) and a screenshot or page of text (a white
 * ground crossed by many fine edges). They only refuse a photo the detector finds no furniture in
 * (index.ts), so garden furniture under a blue sky still stages.
 */
export interface SceneCues {
  /** Share of the top third that is sky blue. */
  skyTop: number;
  /** Share of the frame that is near-white and grey. */
  white: number;
  /** Mean absolute colour step to the right and below neighbours, 0–1530. */
  edges: number;
}

/**
 * How much bluer than red a pixel must be to count as sky. A white wall under cool light or a
 * camera's cool white balance is 15–30 bluer than red (two armchairs against a white wall were
 * refused as "a landscape" at 15); sky, even hazy, is more.
 */
const SKY_BLUE = 30;

export function sceneCues({ rgb, width, height }: RgbImage): SceneCues {
  let sky = 0;
  let top = 0;
  let white = 0;
  let edges = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const r = rgb[i]!;
      const g = rgb[i + 1]!;
      const b = rgb[i + 2]!;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (y < height / 3) {
        top++;
        if (b > r + SKY_BLUE && b >= g && max > 120 && min > 60) sky++;
      }
      if (min > 200 && max - min < 20) white++;
      if (x + 1 < width && y + 1 < height) {
        const right = i + 3;
        const below = i + width * 3;
        edges +=
          Math.abs(rgb[right]! - r) +
          Math.abs(rgb[below]! - r) +
          Math.abs(rgb[right + 1]! - g) +
          Math.abs(rgb[below + 1]! - g);
      }
    }
  }
  const pixels = width * height;
  return { skyTop: top ? sky / top : 0, white: white / pixels, edges: edges / pixels };
}
