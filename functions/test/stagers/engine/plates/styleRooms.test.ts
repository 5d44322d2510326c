import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, buildAutoPrompt } from '@flipstage/core';
import { choosePlate } from '../../../../src/stagers/engine/plates/choosePlate.js';
import { loadPlatePixels, loadPlates } from '../../../../src/stagers/engine/plates/library.js';

/** A coarse 32 × 24 RGB thumbnail of a plate, enough to compare rooms by colour. */
async function thumbnail(id: string): Promise<Buffer> {
  const { rgb, width, height } = await loadPlatePixels(id);
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(32, 24, { fit: 'fill' })
    .raw()
    .toBuffer();
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('the committed rooms', () => {
  it.each(FURNITURE_TYPE_IDS)('stand a %s in a clearly different room for every pair of styles', async (type) => {
    const plates = await loadPlates();
    const rooms = await Promise.all(
      DESIGN_STYLE_IDS.map(async (style) => {
        const { plate } = choosePlate(plates, {
          style,
          furnitureType: type,
          prompt: buildAutoPrompt(style, type),
          variant: 0,
        });
        return { style, thumb: await thumbnail(plate.id) };
      }),
    );
    let closest = { pair: '', difference: Infinity };
    for (const [i, a] of rooms.entries())
      for (const b of rooms.slice(i + 1)) {
        const difference = meanDifference(a.thumb, b.thumb);
        if (difference < closest.difference) closest = { pair: `${a.style} vs ${b.style}`, difference };
      }
    expect(closest.difference, closest.pair).toBeGreaterThan(8);
  });
});
