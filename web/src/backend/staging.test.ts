import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@flipstage/core';
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
