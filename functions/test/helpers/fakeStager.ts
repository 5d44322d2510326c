/** A fast Stager for route tests: a real small JPEG, with switches for failure and delay. */
import sharp from 'sharp';
import { StagingError, type StageInput, type Stager } from '../../src/ports/stager.js';

export interface FakeStager extends Stager {
  calls: StageInput[];
  failWith: Error | null;
  delayMs: number;
  /** The prompt words a room-choosing engine would report. */
  matched: string[] | undefined;
}

export async function createFakeStager(): Promise<FakeStager> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8a27a' } })
    .jpeg()
    .toBuffer();
  const stager: FakeStager = {
    name: 'fake',
    calls: [],
    failWith: null,
    delayMs: 0,
    matched: undefined,
    async stage(input) {
      stager.calls.push(input);
      if (stager.delayMs) await new Promise((resolve) => setTimeout(resolve, stager.delayMs));
      if (stager.failWith) throw stager.failWith;
      return {
        jpeg,
        width: 64,
        height: 48,
        engine: 'fake',
        seed: 1,
        ...(stager.matched && { matched: stager.matched }),
      };
    },
  };
  return stager;
}

export const unavailable = () => new StagingError('provider-unavailable', 'down');
