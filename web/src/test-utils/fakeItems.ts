import { NO_LISTING_FACTS, type Item } from '@flipstage/core';
import type { ItemDraft } from '../backend/marketplace';

/** The listing a fake marketplace answers for a saved draft: its words and facts, no photos yet. */
export function savedItem(draft: ItemDraft, owner = 'user-1'): Item {
  return {
    id: 'item-new',
    title: draft.title,
    description: draft.description,
    price: draft.price,
    tags: draft.tags,
    images: [],
    thumbs: [],
    owner,
    state: 'active',
    ...NO_LISTING_FACTS,
    furnitureType: draft.furnitureType ?? null,
    style: draft.style ?? null,
    reserved: false,
    variants: [],
    created_at: '2026-11-26T10:00:00.000Z',
    updated_at: '2026-11-26T10:00:00.000Z',
  };
}
