import { describe, expect, it } from 'vitest';
import { PIECE_LIMITS } from '@flipstage/core';
import { withStagings } from './linkListing';

describe("a listing's stagings on its piece", () => {
  it('appends each new staging once, after the piece’s own', () => {
    expect(withStagings(['edit-1', 'edit-2'], ['edit-2', 'edit-3', 'edit-3'])).toEqual(['edit-1', 'edit-2', 'edit-3']);
  });

  it('keeps the piece’s own and leaves out what goes past the limit', () => {
    const own = Array.from({ length: PIECE_LIMITS.stagings - 1 }, (_, i) => `edit-${i}`);
    expect(withStagings(own, ['new-1', 'new-2'])).toEqual([...own, 'new-1']);
  });
});
