import { describe, expect, it } from 'vitest';
import type { ApiFetch, ApiFetchInit } from './http';
import { ApiError } from './http';
import { createHttpStagingDriver } from './staging';

function answering(outcome: () => unknown) {
  const paths: string[] = [];
  const fetchApi: ApiFetch = async <T>(path: string, init: ApiFetchInit<T>): Promise<T> => {
    paths.push(path);
    return (await init.schema()).parse(outcome());
  };
  return { paths, progress: createHttpStagingDriver(fetchApi).progress! };
}

describe('asking how far a staging has got', () => {
  it('asks /api/stage/progress for the staging’s own key and returns the phase', async () => {
    const { paths, progress } = answering(() => ({ phase: 'segment', step: 2, steps: 7 }));
    await expect(progress('key 1/é')).resolves.toEqual({ phase: 'segment', step: 2, steps: 7 });
    expect(paths).toEqual(['/api/stage/progress?key=key+1%2F%C3%A9']);
  });

  it('answers null while the server has no staging for the key', async () => {
    const { progress } = answering(() => {
      throw new ApiError(404, 'Not found.');
    });
    await expect(progress('k')).resolves.toBeNull();
  });

  it('passes any other failure on', async () => {
    const { progress } = answering(() => {
      throw new ApiError(401, 'Please sign in to continue.');
    });
    await expect(progress('k')).rejects.toMatchObject({ status: 401 });
  });

  it('refuses an answer that breaks the contract', async () => {
    const { progress } = answering(() => ({ phase: 'dreaming', step: 1, steps: 2 }));
    await expect(progress('k')).rejects.toThrow();
  });
});
