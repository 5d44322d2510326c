import { describe, expect, it } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@flipstage/core';
import { createAppQueryClient } from '../app/queryClient';
import { ApiError, type ApiFetch, type ApiFetchInit } from './http';
import { createHttpStagingDriver, STAGE_MUTATION_KEY, STAGE_NETWORK_ATTEMPTS, type StageImageRequest } from './staging';

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

/** Stages through the app's query client, as the studio does, so its retry rules apply (without the waits). */
function stageWithRetries(fetchApi: ApiFetch) {
  const driver = createHttpStagingDriver(fetchApi);
  const observer = new MutationObserver(createAppQueryClient({ stageRetryDelayMs: 0 }), {
    mutationKey: STAGE_MUTATION_KEY,
    mutationFn: (r: StageImageRequest) => driver.stage(r),
  });
  return observer.mutate(request);
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

describe('staging retries', () => {
  it('retries a network failure with the same idempotency key', async () => {
    const { calls, fetchApi } = recordingFetch([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => response,
    ]);
    await expect(stageWithRetries(fetchApi)).resolves.toEqual(response);
    expect(calls.map((c) => c.init.headers?.[IDEMPOTENCY_HEADER])).toEqual(['key-1', 'key-1']);
  });

  it('gives up after a bounded number of network failures', async () => {
    const failure = () => {
      throw new TypeError('Failed to fetch');
    };
    const { calls, fetchApi } = recordingFetch(Array.from({ length: STAGE_NETWORK_ATTEMPTS + 1 }, () => failure));
    await expect(stageWithRetries(fetchApi)).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(STAGE_NETWORK_ATTEMPTS);
  });

  it.each([502, 503, 504, 409])('retries a %i answer with the same idempotency key', async (status) => {
    const { calls, fetchApi } = recordingFetch([
      () => {
        throw new ApiError(status, 'Gateway Timeout');
      },
      () => response,
    ]);
    await expect(stageWithRetries(fetchApi)).resolves.toEqual(response);
    expect(calls.map((c) => c.init.headers?.[IDEMPOTENCY_HEADER])).toEqual(['key-1', 'key-1']);
  });

  it('does not retry an answer from the server about the request or the account', async () => {
    const { calls, fetchApi } = recordingFetch([
      () => {
        throw new ApiError(402, 'You need credits to generate images.');
      },
    ]);
    await expect(stageWithRetries(fetchApi)).rejects.toThrow('You need credits to generate images.');
    expect(calls).toHaveLength(1);
  });
});
