import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@flipstage/core';
import { ApiError, type ApiFetchInit } from './http';
import { createHttpStagingBackend, STAGE_NETWORK_ATTEMPTS, type StageImageRequest } from './staging';

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
  const calls: Array<{ path: string; init: ApiFetchInit }> = [];
  const fetchApi = async <T>(path: string, init: ApiFetchInit = {}): Promise<T> => {
    calls.push({ path, init });
    const next = outcomes.shift();
    if (!next) throw new Error('unexpected call');
    return next() as T;
  };
  return { calls, fetchApi };
}

describe('HTTP staging backend', () => {
  it('posts the image, prompt fields and variant as multipart to /api/stage with the idempotency key', async () => {
    const { calls, fetchApi } = recordingFetch([() => response]);
    await expect(createHttpStagingBackend(fetchApi, 0).stage(request)).resolves.toEqual(response);
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

  it('retries a network failure with the same idempotency key', async () => {
    const { calls, fetchApi } = recordingFetch([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => response,
    ]);
    await expect(createHttpStagingBackend(fetchApi, 0).stage(request)).resolves.toEqual(response);
    expect(calls.map((c) => c.init.headers?.[IDEMPOTENCY_HEADER])).toEqual(['key-1', 'key-1']);
  });

  it('gives up after a bounded number of network failures', async () => {
    const failure = () => {
      throw new TypeError('Failed to fetch');
    };
    const { calls, fetchApi } = recordingFetch(Array.from({ length: STAGE_NETWORK_ATTEMPTS + 1 }, () => failure));
    await expect(createHttpStagingBackend(fetchApi, 0).stage(request)).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(STAGE_NETWORK_ATTEMPTS);
  });

  it.each([502, 503, 504, 409])('retries a %i answer with the same idempotency key', async (status) => {
    const { calls, fetchApi } = recordingFetch([
      () => {
        throw new ApiError(status, 'Gateway Timeout');
      },
      () => response,
    ]);
    await expect(createHttpStagingBackend(fetchApi, 0).stage(request)).resolves.toEqual(response);
    expect(calls.map((c) => c.init.headers?.[IDEMPOTENCY_HEADER])).toEqual(['key-1', 'key-1']);
  });

  it('does not retry an answer from the server about the request or the account', async () => {
    const { calls, fetchApi } = recordingFetch([
      () => {
        throw new ApiError(402, 'You need credits to generate images.');
      },
    ]);
    await expect(createHttpStagingBackend(fetchApi, 0).stage(request)).rejects.toThrow(
      'You need credits to generate images.',
    );
    expect(calls).toHaveLength(1);
  });
});
