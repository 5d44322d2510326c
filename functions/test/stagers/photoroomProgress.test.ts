import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { StageProgress } from '@flipstage/core';
import { createPhotoroomStager } from '../../src/stagers/photoroom.js';
import { startPhotoroomStandIn, type PhotoroomStandIn } from '../helpers/photoroomStandIn.js';

let standIn: PhotoroomStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('Photoroom staging progress', () => {
  it('reports its check, then the call that cuts the piece out and draws the room', async () => {
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    );
    standIn = await startPhotoroomStandIn([{ status: 200, body: jpeg }]);
    const reported: StageProgress[] = [];
    const stager = createPhotoroomStager({ apiKey: 'sk_test_key', baseUrl: standIn.baseUrl, log: () => {} });
    await stager.stage({
      image: jpeg,
      prompt: 'a bright Scandinavian living room',
      style: 'scandinavian',
      furnitureType: 'sofa',
      mode: 'auto',
      size: 'standard',
      variant: 0,
      onProgress: (progress) => reported.push(progress),
    });
    expect(reported).toEqual([
      { phase: 'check', step: 0, steps: 2 },
      { phase: 'cutout', step: 1, steps: 2 },
    ]);
  });
});
