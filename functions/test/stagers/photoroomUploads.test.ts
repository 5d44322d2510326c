/**
 * What reaches Photoroom for each kind of upload. Each goes through the staging service's door
 * first (the sniff and the one decode, Images.prepare), as staging does, then to the Photoroom
 * stager; a stand-in v2/edit server parses the multipart body and refuses what Photoroom refuses,
 * and the image part is read back with sharp.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS, MESSAGES } from '@flipstage/core';
import { StagingError, type StageInput } from '../../src/ports/stager.js';
import { ServiceError } from '../../src/services/errors.js';
import { checkedUpload, decoding } from '../../src/services/uploads.js';
import { createUploadedImages } from '../../src/stagers/engine/index.js';
import { createPhotoroomStager } from '../../src/stagers/photoroom.js';
import { PHOTOROOM_MAX_BYTES, PHOTOROOM_MAX_LONG_SIDE } from '../../src/stagers/photoroomInput.js';
import { startPhotoroomStandIn, type PhotoroomStandIn } from '../helpers/photoroomStandIn.js';

const WIDTH = 600;
const HEIGHT = 400;
const CORNER = 100;
const RED = [255, 0, 0] as const;
const BLUE = [20, 60, 160] as const;

let standIn: PhotoroomStandIn;
beforeAll(async () => {
  const staged = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  standIn = await startPhotoroomStandIn([{ status: 200, body: staged }]);
});
afterAll(() => standIn.close());

/** Blue with a red square in the top-left corner, so a turned picture shows where that corner went. */
function scene(channels: 3 | 4 = 3): Sharp {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * channels);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const colour = x < CORNER && y < CORNER ? RED : BLUE;
      pixels.set(channels === 4 ? [...colour, 255] : colour, (y * WIDTH + x) * channels);
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels } });
}

/** A cut-out: a red piece in the middle, the quarter around it see-through. */
function cutOut(): Sharp {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let y = HEIGHT / 4; y < (HEIGHT * 3) / 4; y++) {
    for (let x = WIDTH / 4; x < (WIDTH * 3) / 4; x++) pixels.set([...RED, 255], (y * WIDTH + x) * 4);
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 4 } });
}

function stageInput(image: Uint8Array): StageInput {
  return {
    image,
    prompt: 'a sunlit loft',
    style: 'modern',
    furnitureType: 'chair',
    mode: 'auto',
    size: 'standard',
    variant: 0,
  };
}

const images = createUploadedImages();

/** The upload as the staging service's door hands it to a stager (services/staging.ts). */
async function atDoor(upload: Uint8Array): Promise<Uint8Array> {
  await checkedUpload(images, upload, MESSAGES.unsupportedImage);
  return (await decoding(() => images.prepare(upload))).data;
}

const stager = () => createPhotoroomStager({ apiKey: 'sk_test_key', baseUrl: standIn.baseUrl, log: () => {} });

interface Sent {
  type: string;
  name: string;
  bytes: Uint8Array;
  meta: Metadata;
}

/** Stages the upload through the stand-in and returns the image part it received. */
async function sent(upload: Uint8Array): Promise<Sent> {
  await stager().stage(stageInput(await atDoor(upload)));
  const part = await standIn.lastImage();
  return { ...part, meta: await sharp(part.bytes).metadata() };
}

/** What every upload must be when it reaches Photoroom, whatever it was. */
function expectAccepted(part: Sent, format: 'jpeg' | 'png'): void {
  expect(part.type).toBe(`image/${format}`);
  expect(part.name).toBe(format === 'jpeg' ? 'furniture.jpg' : 'furniture.png');
  expect(part.meta.format).toBe(format);
  expect(part.meta.space).toBe('srgb');
  expect(part.meta.depth).toBe('uchar');
  expect(part.meta.channels).toBe(format === 'jpeg' ? 3 : 4);
  expect(Math.max(part.meta.width, part.meta.height)).toBeLessThanOrEqual(PHOTOROOM_MAX_LONG_SIDE);
  expect(part.bytes.byteLength).toBeLessThanOrEqual(PHOTOROOM_MAX_BYTES);
  expect({
    exif: part.meta.exif,
    icc: part.meta.icc,
    xmp: part.meta.xmp,
    iptc: part.meta.iptc,
    orientation: part.meta.orientation,
  }).toEqual({
    exif: undefined,
    icc: undefined,
    xmp: undefined,
    iptc: undefined,
    orientation: undefined,
  });
}

async function pixel(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  return [...(await sharp(bytes).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer())];
}

function expectColour(actual: number[], expected: readonly number[]): void {
  expected.forEach((value, i) => expect(Math.abs(actual[i]! - value)).toBeLessThan(40));
}

/** The scene arrived the right way up: its size and a red top-left corner. */
async function expectUprightScene(part: Sent): Promise<void> {
  expect([part.meta.width, part.meta.height]).toEqual([WIDTH, HEIGHT]);
  expectColour(await pixel(part.bytes, 10, 10), RED);
  expectColour(await pixel(part.bytes, WIDTH - 10, HEIGHT - 10), BLUE);
}

describe('what Photoroom receives', () => {
  it('a TIFF arrives as an upright sRGB JPEG without metadata', async () => {
    const part = await sent(await scene().tiff().toBuffer());
    expectAccepted(part, 'jpeg');
    await expectUprightScene(part);
  });

  it('an AVIF arrives as a JPEG', async () => {
    const part = await sent(await scene().avif({ quality: 80 }).toBuffer());
    expectAccepted(part, 'jpeg');
    await expectUprightScene(part);
  });

  it('a WebP arrives as a JPEG', async () => {
    const part = await sent(await scene().webp({ quality: 90 }).toBuffer());
    expectAccepted(part, 'jpeg');
    await expectUprightScene(part);
  });

  it('an animated GIF arrives as a JPEG of its first frame', async () => {
    const first = await scene().png().toBuffer();
    const second = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const part = await sent(
      await sharp([first, second], { join: { animated: true } })
        .gif()
        .toBuffer(),
    );
    expectAccepted(part, 'jpeg');
    await expectUprightScene(part);
  });

  it('a CMYK JPEG arrives as an sRGB JPEG in the same colours', async () => {
    const part = await sent(await scene().toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer());
    expectAccepted(part, 'jpeg');
    await expectUprightScene(part);
  });

  it('a 16-bit PNG arrives as an 8-bit JPEG', async () => {
    const part = await sent(await scene().toColourspace('rgb16').png().toBuffer());
    expectAccepted(part, 'jpeg');
    await expectUprightScene(part);
  });

  it('a PNG whose alpha channel is all opaque arrives as a JPEG', async () => {
    const part = await sent(await scene(4).png().toBuffer());
    expectAccepted(part, 'jpeg');
    await expectUprightScene(part);
  });

  it('a cut-out PNG arrives as a PNG with its transparency kept', async () => {
    const part = await sent(await cutOut().png().toBuffer());
    expectAccepted(part, 'png');
    expect((await pixel(part.bytes, 10, 10))[3]).toBe(0);
    const centre = await pixel(part.bytes, WIDTH / 2, HEIGHT / 2);
    expectColour(centre, [...RED, 255]);
  });

  it('a 16-bit cut-out PNG arrives as an 8-bit PNG with its transparency kept', async () => {
    const part = await sent(await cutOut().toColourspace('rgb16').png().toBuffer());
    expectAccepted(part, 'png');
    expect((await pixel(part.bytes, 10, 10))[3]).toBe(0);
  });

  it('a photo with EXIF orientation 6 arrives turned upright, the tag gone', async () => {
    const part = await sent(await scene().jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer());
    expectAccepted(part, 'jpeg');
    // Orientation 6 is a quarter turn clockwise: the stored top-left corner shows at the top right.
    expect([part.meta.width, part.meta.height]).toEqual([HEIGHT, WIDTH]);
    expectColour(await pixel(part.bytes, HEIGHT - 10, 10), RED);
    expectColour(await pixel(part.bytes, 10, 10), BLUE);
  });

  it('a box the seller marked on a turned photo sends the upright crop around it, a little larger', async () => {
    const photo = await scene().jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    // Upright the photo is 400 × 600 with the red corner at its top right (x 300–400, y 0–100).
    await stager().stage({ ...stageInput(await atDoor(photo)), subject: { kind: 'box', x: 0.7, y: 0, width: 0.3, height: 0.2 } });
    const part = await standIn.lastImage();
    const meta = await sharp(part.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([125, 125]);
    expectColour(await pixel(part.bytes, 100, 50), RED);
    expectColour(await pixel(part.bytes, 10, 115), BLUE);
  });

  it('an iPhone HEIC (HEVC, irot, Display P3) arrives as an upright sRGB JPEG of the same picture', async () => {
    const heic = new Uint8Array(readFileSync(new URL('../fixtures/heic/armchair-irot.heic', import.meta.url)));
    const part = await sent(heic);
    expectAccepted(part, 'jpeg');
    expect([part.meta.width, part.meta.height]).toEqual([480, 360]);
    const original = await sharp(readFileSync(new URL('../../../samples/armchair-green.jpg', import.meta.url)))
      .resize(480, 360, { fit: 'fill' })
      .raw()
      .toBuffer();
    const received = await sharp(part.bytes).raw().toBuffer();
    const meanDifference =
      original.reduce((sum, value, i) => sum + Math.abs(value - received[i]!), 0) / original.length;
    expect(meanDifference).toBeLessThan(12);
  });

  it('the largest photo the API accepts arrives at 3,500 px on the long side', async () => {
    const width = 8000;
    const height = Math.floor(MAX_INPUT_PIXELS / width);
    const large = await sharp({ create: { width, height, channels: 3, background: '#8a5a3c' } })
      .jpeg()
      .toBuffer();
    const part = await sent(large);
    expectAccepted(part, 'jpeg');
    expect([part.meta.width, part.meta.height]).toEqual([
      PHOTOROOM_MAX_LONG_SIDE,
      Math.round((height * PHOTOROOM_MAX_LONG_SIDE) / width),
    ]);
  });

  it('a cut-out whose PNG would be over 30 MB arrives smaller, under the limit and still a PNG', async () => {
    const side = PHOTOROOM_MAX_LONG_SIDE;
    const noise = sharp(randomBytes(side * side * 4), { raw: { width: side, height: side, channels: 4 } });
    const part = await sent(await noise.webp({ quality: 10, alphaQuality: 10, effort: 0 }).toBuffer());
    expectAccepted(part, 'png');
    expect(part.meta.width).toBeLessThan(side);
  });
});

describe('what never reaches Photoroom', () => {
  it('a photo of a cat is refused as not furniture, naming it, before any request', async () => {
    const cat = readFileSync(new URL('../fixtures/classifier/other/animal-cat-pexels-10863556.jpg', import.meta.url));
    const before = standIn.received.length;
    const error = await stager()
      .stage(stageInput(await atDoor(new Uint8Array(cat))))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StagingError);
    expect(error).toMatchObject({ kind: 'not-furniture', message: MESSAGES.notFurniture('a cat') });
    expect(standIn.received.length).toBe(before);
  });

  it('bytes that are no image are refused as unsupported at the door', async () => {
    const error = await atDoor(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'invalid', message: MESSAGES.unsupportedImage });
  });

  it('a photo over the 40-megapixel promise is refused as too large at the door', async () => {
    const huge = await sharp({ create: { width: 8064, height: 6048, channels: 3, background: '#8a5a3c' } })
      .jpeg()
      .toBuffer();
    const error = await atDoor(huge).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'too-large', message: MESSAGES.imageTooLarge });
  });
});
