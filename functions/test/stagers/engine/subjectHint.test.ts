import sharp from 'sharp';
import { BRUSH_DROP, BRUSH_KEEP, emptyBrushMask, type BrushMask } from '@flipstage/core';
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

  const aroundBothChairs = {
    kind: 'box' as const,
    x: (LEFT_CHAIR.x - 12) / W,
    y: (LEFT_CHAIR.y - 12) / H,
    width: (RIGHT_CHAIR.x + RIGHT_CHAIR.w - LEFT_CHAIR.x + 24) / W,
    height: (LEFT_CHAIR.h + 24) / H,
  };

  /** Brush cells painted with `cell` over a drawn piece's box. */
  function paint(box: { x: number; y: number; w: number; h: number }, cell: number): BrushMask {
    const strokes = emptyBrushMask(160, 120);
    for (let y = Math.floor((box.y / H) * 120); y < Math.ceil(((box.y + box.h) / H) * 120); y++)
      for (let x = Math.floor((box.x / W) * 160); x < Math.ceil(((box.x + box.w) / W) * 160); x++)
        strokes.cells[y * 160 + x] = cell;
    return strokes;
  }

  it('keeps everything the box encloses that is not backdrop: both chairs of the set', async () => {
    const { subject } = await analyseSubject(photo, { subject: aroundBothChairs });
    expect(covers(subject, ...backOf(LEFT_CHAIR))).toBe(true);
    expect(covers(subject, ...backOf(RIGHT_CHAIR))).toBe(true);
    expect(covers(subject, ...lampShade)).toBe(false);
  });

  it('drops what the seller erased, inside the box too', async () => {
    const { subject } = await analyseSubject(photo, {
      subject: aroundBothChairs,
      strokes: paint(RIGHT_CHAIR, BRUSH_DROP),
    });
    expect(covers(subject, ...backOf(LEFT_CHAIR))).toBe(true);
    expect(covers(subject, ...backOf(RIGHT_CHAIR))).toBe(false);
  });

  it('keeps what the seller restored, outside the box too', async () => {
    const { subject } = await analyseSubject(photo, { subject: aroundBothChairs, strokes: paint(LAMP, BRUSH_KEEP) });
    expect(covers(subject, ...backOf(LEFT_CHAIR))).toBe(true);
    expect(covers(subject, ...lampShade)).toBe(true);
  });

  it("corrects the engine's own find with strokes alone", async () => {
    const { subject } = await analyseSubject(photo, { strokes: paint(LEFT_CHAIR, BRUSH_DROP) });
    expect(covers(subject, ...backOf(LEFT_CHAIR))).toBe(false);
    expect(covers(subject, ...backOf(RIGHT_CHAIR))).toBe(true);
  });
});

describe('a tap on a bed with a book lying on it', () => {
  const BED = { x: 120, y: 250, w: 400, h: 150 };
  const BOOK = { x: 330, y: 262, w: 46, h: 30 };
  let bed: DecodedPhoto;
  beforeAll(async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
      <rect width="${W}" height="${FLOOR}" fill="#d9d4c8"/><rect y="${FLOOR}" width="${W}" height="${H - FLOOR}" fill="#8a7a66"/>
      <rect x="${BED.x - 10}" y="${BED.y - 70}" width="${BED.w + 20}" height="${BED.h + 70}" fill="#5b3a22"/>
      <rect x="${BED.x}" y="${BED.y}" width="${BED.w}" height="${BED.h - 30}" fill="#eef0f4"/>
      <rect x="${BOOK.x}" y="${BOOK.y}" width="${BOOK.w}" height="${BOOK.h}" fill="#c0262d"/></svg>`;
    bed = await decodePhoto(new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()));
  });

  it('returns the whole bed, the book on it included, not the book alone', async () => {
    const { subject } = await analyseSubject(bed, {
      subject: { kind: 'point', x: (BED.x + 60) / W, y: (BED.y + 50) / H },
    });
    const at = (x: number, y: number) => covers(subject, x / W, y / H);
    expect(at(BED.x + 60, BED.y + 50)).toBe(true);
    expect(at(BED.x + BED.w - 30, BED.y + 60)).toBe(true);
    expect(at(BOOK.x + BOOK.w / 2, BOOK.y + BOOK.h / 2)).toBe(true);
    expect(at(BED.x + BED.w / 2, BED.y - 40)).toBe(true);
    expect(at(40, 60)).toBe(false);
  });
});
