import { describe, expect, it } from 'vitest';
import { BRUSH_DROP, BRUSH_KEEP, emptyBrushMask, IDEMPOTENCY_HEADER } from '@flipstage/core';
import type { ApiFetch, ApiFetchInit, ApiRetry } from './http';
import { createHttpStagingDriver, type StageImageRequest } from './staging';

const request: StageImageRequest = {
  file: new File(['jpeg'], 'chair.jpg', { type: 'image/jpeg' }),
  prompt: 'a cozy room',
  style: 'farmhouse',
  furnitureType: 'chair',
  mode: 'auto',
  variant: 2,
  idempotencyKey: 'key-1',
};
const response = { editId: 'e1', inputUrl: 'http://x/in.jpg', outputUrl: 'http://x/out.jpg', creditsRemaining: 9 };

function recordingFetch(outcomes: Array<() => unknown>) {
  const calls: Array<{ path: string; init: ApiFetchInit<unknown> }> = [];
  const fetchApi: ApiFetch = async <T>(path: string, init: ApiFetchInit<T>): Promise<T> => {
    calls.push({ path, init: init as ApiFetchInit<unknown> });
    const next = outcomes.shift();
    if (!next) throw new Error('unexpected call');
    return (await init.schema()).parse(next());
  };
  return { calls, fetchApi };
}

describe('HTTP staging driver', () => {
  it('posts the image, prompt fields and variant as multipart to /api/stage with the idempotency key', async () => {
    const { calls, fetchApi } = recordingFetch([() => response]);
    await expect(createHttpStagingDriver(fetchApi).stage(request)).resolves.toEqual(response);
    const [call] = calls;
    expect(call?.path).toBe('/api/stage');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.headers).toEqual({ [IDEMPOTENCY_HEADER]: 'key-1' });
    const form = call?.init.form;
    expect((form?.get('imageFile') as File).name).toBe('chair.jpg');
    expect(form?.get('prompt')).toBe('a cozy room');
    expect(form?.get('style')).toBe('farmhouse');
    expect(form?.get('furnitureType')).toBe('chair');
    expect(form?.get('mode')).toBe('auto');
    expect(form?.get('variant')).toBe('2');
  });
});

describe('the marked piece', () => {
  it('is sent as the stage form’s subject field', async () => {
    const { calls, fetchApi } = recordingFetch([() => response]);
    await createHttpStagingDriver(fetchApi).stage({
      ...request,
      subject: { kind: 'box', x: 0.1, y: 0.2, width: 0.5, height: 0.6 },
    });
    expect(calls[0]?.init.form?.get('subject')).toBe('box:0.1,0.2,0.5,0.6');
  });

  it('sends the strokes and the confirmation with the staging', async () => {
    const { calls, fetchApi } = recordingFetch([() => response]);
    const strokes = emptyBrushMask(4, 4);
    strokes.cells.fill(BRUSH_KEEP, 4, 8);
    await createHttpStagingDriver(fetchApi).stage({ ...request, strokes, confirmedFurniture: true });
    expect(calls[0]?.init.form?.get('strokes')).toBe('4x4:4.4+8.');
    expect(calls[0]?.init.form?.get('confirmedFurniture')).toBe('yes');
  });

  it('is left out of the form when the seller marked nothing', async () => {
    const { calls, fetchApi } = recordingFetch([() => response]);
    await createHttpStagingDriver(fetchApi).stage(request);
    expect(calls[0]?.init.form?.has('subject')).toBe(false);
  });
});

describe('the preview before staging', () => {
  const preview = {
    verdict: 'unsure',
    message: 'Mark it',
    suggestedType: 'chair',
    outline: [
      [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.5, 0.9],
      ],
    ],
  };

  it('posts the photo and the mark to /api/stage/preview, without an idempotency key', async () => {
    const { calls, fetchApi } = recordingFetch([() => preview]);
    const answer = await createHttpStagingDriver(fetchApi).preview(request.file, {
      subject: { kind: 'point', x: 0.25, y: 0.75 },
    });
    expect(answer).toEqual(preview);
    expect(calls[0]?.path).toBe('/api/stage/preview');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toBeUndefined();
    expect((calls[0]?.init.form?.get('imageFile') as File).name).toBe('chair.jpg');
    expect(calls[0]?.init.form?.get('subject')).toBe('point:0.25,0.75');
    expect(calls[0]?.init.form?.has('strokes')).toBe(false);
    expect(calls[0]?.init.form?.has('confirmedFurniture')).toBe(false);
  });

  it('sends the brush strokes and the seller’s confirmation as the stage form encodes them, with the caller’s signal', async () => {
    const { calls, fetchApi } = recordingFetch([() => preview]);
    const strokes = emptyBrushMask(4, 4);
    strokes.cells[0] = BRUSH_KEEP;
    strokes.cells[15] = BRUSH_DROP;
    const signal = new AbortController().signal;
    await createHttpStagingDriver(fetchApi).preview(request.file, { strokes, confirmedFurniture: true }, signal);
    expect(calls[0]?.init.form?.get('strokes')).toBe('4x4:1+14.1-');
    expect(calls[0]?.init.form?.get('confirmedFurniture')).toBe('yes');
    expect(calls[0]?.init.form?.has('subject')).toBe(false);
    expect(calls[0]?.init.signal).toBe(signal);
  });

  it('refuses an answer that breaks the preview contract', async () => {
    const { fetchApi } = recordingFetch([() => ({ verdict: 'maybe', outline: [] })]);
    await expect(createHttpStagingDriver(fetchApi).preview(request.file, {})).rejects.toThrow();
  });
});

describe('staging through a busy backend', () => {
  // apiFetch waits the backend out (http.test.ts); the driver keeps one key for all tries and lets the studio listen.
  it('hands apiFetch the request’s key and its retry listener', async () => {
    const { calls, fetchApi } = recordingFetch([() => response]);
    const onRetry = (_retry: ApiRetry) => {};
    await createHttpStagingDriver(fetchApi).stage({ ...request, onRetry });
    expect(calls[0]?.init.headers).toEqual({ [IDEMPOTENCY_HEADER]: 'key-1' });
    expect(calls[0]?.init.onRetry).toBe(onRetry);
  });
});
