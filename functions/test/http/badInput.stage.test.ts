/**
 * The bad-input catalogue (issue 12), staging: prompts, fields and photos the API cannot read.
 * Each is answered with a 4xx and its exact message, and nothing is stored or charged after it
 * (badInputSetup.ts).
 */
import request from 'supertest';
import { describe, it } from 'vitest';
import { MAX_INPUT_BYTES, MESSAGES } from '@flipstage/core';
import {
  t,
  images,
  NUL,
  stage,
  authed,
  manyFields,
  refusedLeavingAllAsItWas,
  type ApiCase,
  useBadInputApp,
} from './badInputSetup.js';

useBadInputApp();

const CASES: ApiCase[] = [
  // stage
  {
    name: 'custom prompt with NUL',
    send: () => stage({ mode: 'custom', prompt: `loft${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('The prompt'),
  },
  {
    name: 'edited auto prompt with NUL',
    send: () => stage({ prompt: `${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('The prompt'),
  },
  {
    name: 'prompt with a bell',
    send: () => stage({ mode: 'custom', prompt: 'loft\u0007' }),
    status: 400,
    message: MESSAGES.controlCharacters('The prompt'),
  },
  {
    name: 'prompt of 2001 characters',
    send: () => stage({ mode: 'custom', prompt: 'p'.repeat(2001) }),
    status: 400,
    message: MESSAGES.promptTooLong,
  },
  { name: 'style with NUL', send: () => stage({ style: `modern${NUL}` }), status: 400, message: MESSAGES.invalidStyle },
  { name: 'style as a path', send: () => stage({ style: '../modern' }), status: 400, message: MESSAGES.invalidStyle },
  {
    name: 'furniture type with NUL',
    send: () => stage({ furnitureType: `sofa${NUL}` }),
    status: 400,
    message: MESSAGES.invalidFurnitureType,
  },
  { name: 'mode with NUL', send: () => stage({ mode: `auto${NUL}` }), status: 400, message: MESSAGES.invalidMode },
  { name: 'unknown size', send: () => stage({ size: 'ultra' }), status: 400, message: MESSAGES.invalidSize },
  { name: 'size with NUL', send: () => stage({ size: `hd${NUL}` }), status: 400, message: MESSAGES.invalidSize },
  { name: 'HD without a plan', send: () => stage({ size: 'hd' }), status: 403, message: MESSAGES.hdNeedsPlan },
  { name: 'variant over 99', send: () => stage({ variant: '100' }), status: 400, message: MESSAGES.invalidVariant },
  { name: 'negative variant', send: () => stage({ variant: '-1' }), status: 400, message: MESSAGES.invalidVariant },
  {
    name: 'variant as a fraction',
    send: () => stage({ variant: '0.5' }),
    status: 400,
    message: MESSAGES.invalidVariant,
  },
  {
    name: 'variant with NUL',
    send: () => stage({ variant: `1${NUL}` }),
    status: 400,
    message: MESSAGES.invalidVariant,
  },
  {
    name: 'Idempotency-Key of 201 characters',
    send: () => stage({}, { key: 'k'.repeat(201) }),
    status: 400,
    message: MESSAGES.idempotencyKeyInvalid,
  },
  {
    name: 'blank Idempotency-Key',
    send: () => stage({}, { key: '   ' }),
    status: 400,
    message: MESSAGES.idempotencyKeyInvalid,
  },
  { name: 'no image', send: () => stage({}, { image: null }), status: 400, message: MESSAGES.imageFileRequired },
  {
    name: 'empty image',
    send: () => stage({}, { image: Buffer.alloc(0) }),
    status: 400,
    message: MESSAGES.imageFileRequired,
  },
  {
    name: 'text declared as a JPEG',
    send: () => stage({}, { image: images.text }),
    status: 400,
    message: MESSAGES.unsupportedImage,
  },
  {
    name: 'SVG with a script',
    send: () => stage({}, { image: images.svg }),
    status: 400,
    message: MESSAGES.unsupportedImage,
  },
  {
    name: 'truncated JPEG (credit refunded)',
    send: () => stage({}, { image: images.truncated }),
    status: 400,
    message: MESSAGES.imageDamaged,
  },
  {
    name: '48-megapixel image',
    send: () => stage({}, { image: images.huge }),
    status: 413,
    message: MESSAGES.imageTooLarge,
  },
  {
    name: 'stage with a photo over the byte limit',
    send: () => stage({}, { image: Buffer.alloc(MAX_INPUT_BYTES + 1) }),
    status: 413,
    message: MESSAGES.photoTooLarge(MAX_INPUT_BYTES / 2 ** 20),
  },
  {
    name: 'stage as JSON',
    send: () => authed(request(t.app).post('/api/stage')).send({ style: 'modern' }),
    status: 400,
    message: MESSAGES.multipartRequired,
  },
  {
    name: 'stage with two images',
    send: () => stage({}).attach('imageFile', images.jpeg, 'b.jpg'),
    status: 413,
    message: MESSAGES.tooManyFiles,
  },
  {
    name: 'stage with a file in another field',
    send: () => stage({}).attach('other', images.jpeg, 'b.jpg'),
    status: 413,
    message: MESSAGES.tooManyFiles,
  },
  { name: 'stage with 28 fields', send: manyFields, status: 413, message: MESSAGES.tooManyFields },
  {
    name: 'stage with a broken multipart body',
    send: () =>
      authed(request(t.app).post('/api/stage'))
        .set('content-type', 'multipart/form-data')
        .send('--x\r\nContent-Disposition: form-data; name="style"\r\n\r\nmodern'),
    status: 400,
    message: MESSAGES.multipartRequired,
  },
];

describe('bad input to the API', () => {
  it.each(CASES)('$name → $status', refusedLeavingAllAsItWas);
});
