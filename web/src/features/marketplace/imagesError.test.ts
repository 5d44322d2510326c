import { describe, expect, it } from 'vitest';
import { MAX_ITEM_IMAGE_BYTES, MESSAGES } from '@flipstage/core';
import { imagesError } from './ItemFormDialog';

const photo = (bytes: number) => new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' });

describe("a listing's images", () => {
  it('may add up to 30 MB', () => {
    expect(imagesError([photo(9 * 1024 * 1024), photo(9 * 1024 * 1024), photo(9 * 1024 * 1024)])).toBeNull();
  });

  it('are refused beside the field when together they are over 30 MB, each under the 10 MB limit', () => {
    const nearLimit = photo(MAX_ITEM_IMAGE_BYTES - 1024);
    expect(imagesError([nearLimit, nearLimit, nearLimit, nearLimit])).toBe(MESSAGES.listingImagesTooLarge);
  });
});
