import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { ApiError, type ApiFetch } from './http';
import { createHttpMarketplacePostsDriver } from './marketplacePosts';

const noApi: ApiFetch = vi.fn(async () => {
  throw new Error('not called');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('marketplace posts API client', () => {
  it('asks for a kit with the photos the seller says are staged, and with none said, for the server’s guess', async () => {
    const apiFetch = vi.fn(async () => ({})) as unknown as ApiFetch;
    const driver = createHttpMarketplacePostsDriver(apiFetch, async () => 'token');
    await driver.kit('item 1', [0, 2]);
    await driver.kit('item 1', undefined);
    expect(vi.mocked(apiFetch).mock.calls.map(([path]) => path)).toEqual([
      '/api/marketplaces/kit?id=item+1&staged=0%2C2',
      '/api/marketplaces/kit?id=item+1',
    ]);
  });

  it('fetches a site’s photos with the seller’s token', async () => {
    const fetch = vi.fn(async () => new Response('PK', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const driver = createHttpMarketplacePostsDriver(noApi, async () => 'seller-token');
    const zip = await driver.kitPhotos('i1', 'offerup', []);
    expect(await zip.text()).toBe('PK');
    expect(fetch).toHaveBeenCalledWith('/api/marketplaces/kit/photos?id=i1&staged=&site=offerup', {
      headers: { authorization: 'Bearer seller-token' },
    });
  });

  it('turns a refused download into the API’s error and message', async () => {
    const body = JSON.stringify({ error: { message: MESSAGES.marketplacesNeedPlan } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 403 })),
    );
    const driver = createHttpMarketplacePostsDriver(noApi, async () => 'seller-token');
    await expect(driver.kitPhotos('i1', 'etsy', [])).rejects.toEqual(new ApiError(403, MESSAGES.marketplacesNeedPlan));
  });
});
