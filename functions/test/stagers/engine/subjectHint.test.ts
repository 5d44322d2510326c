import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePhoto, type DecodedPhoto } from '../../../src/stagers/engine/decode.js';
import { analyseSubject, findSubject, type Subject } from '../../../src/stagers/engine/subject.js';
import { drawFurniture, fitBox } from '../../fixtures/furnitureDrawing.js';

const W = 640;
const H = 480;
const FLOOR = H * 0.88;
/** Two matching chairs and, apart from them, a floor lamp: a seller's photo of a set with a lamp beside it. */
const LEFT_CHAIR = fitBox('chair', W * 0.25, FLOOR, W, H * 0.5);
const RIGHT_CHAIR = fitBox('chair', W * 0.5, FLOOR, W, H * 0.5);
const LAMP = fitBox('lamp', W * 0.82, FLOOR, W, H * 0.62);

async function setWithLamp(): Promise<DecodedPhoto> {
  const defs: string[] = [];
  const pieces = [
    drawFurniture('chair', LEFT_CHAIR, '#2e4d6b', defs),
    drawFurniture('chair', RIGHT_CHAIR, '#2e4d6b', defs),
    drawFurniture('lamp', LAMP, '#b35f3d', defs),
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs>${defs.join('')}</defs><rect width="${W}" height="${H}" fill="#e8e4dc"/>${pieces}</svg>`;
  return decodePhoto(new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()));
}

/** Whether the subject covers the middle of a drawn piece's seat or back (fractions of the photo). */
function covers(subject: Subject, x: number, y: number): boolean {
  return subject.mask[Math.floor(y * subject.height) * subject.width + Math.floor(x * subject.width)] === 1;
}

const backOf = (box: { x: number; y: number; w: number; h: number }) =>
  [(box.x + box.w / 2) / W, (box.y + box.h * 0.25) / H] as const;
const lampShade = [(LAMP.x + LAMP.w / 2) / W, (LAMP.y + LAMP.h * 0.15) / H] as const;

describe('which piece is the subject', () => {
  let photo: DecodedPhoto;
  beforeAll(async () => {
    photo = await setWithLamp();
  });

  it('keeps two matching chairs together and leaves the lamp beside them', async () => {
    const subject = await findSubject(photo);
    expect(covers(subject, ...backOf(LEFT_CHAIR))).toBe(true);
    expect(covers(subject, ...backOf(RIGHT_CHAIR))).toBe(true);
    expect(covers(subject, ...lampShade)).toBe(false);
  });

  it('segments only inside the box the seller drew', async () => {
    const box = {
      kind: 'box' as const,
      x: (LEFT_CHAIR.x - 10) / W,
      y: (LEFT_CHAIR.y - 10) / H,
      width: (LEFT_CHAIR.w + 20) / W,
      height: (LEFT_CHAIR.h + 20) / H,
    };
    const { subject, unsure } = await analyseSubject(photo, { subject: box });
    expect(unsure).toBe(false);
    expect(covers(subject, ...backOf(LEFT_CHAIR))).toBe(true);
    expect(covers(subject, ...backOf(RIGHT_CHAIR))).toBe(false);
    expect(covers(subject, ...lampShade)).toBe(false);
  });

  it('takes the piece under the point the seller tapped, whole and alone', async () => {
    const subject = await findSubject(photo, { subject: { kind: 'point', x: lampShade[0], y: lampShade[1] } });
    expect(covers(subject, ...lampShade)).toBe(true);
    expect(covers(subject, (LAMP.x + LAMP.w / 2) / W, (LAMP.y + LAMP.h * 0.7) / H)).toBe(true);
    expect(covers(subject, ...backOf(LEFT_CHAIR))).toBe(false);
    expect(covers(subject, ...backOf(RIGHT_CHAIR))).toBe(false);
  });
});
