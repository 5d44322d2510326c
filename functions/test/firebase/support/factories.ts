/** Documents as the backend stores them (DESIGN §3), for seeding rules tests. */
import { randomUUID } from 'node:crypto';
import { NO_LISTING_FACTS, type ImageEdit } from '@flipstage/core';
import type { ItemDoc, ProfileDoc } from '../../../src/ports/store.js';
import {
  newCustomer,
  type StoredCustomer,
  type StoredLedgerEntry,
  type StoredStageRequest,
  type StoredStripeEvent,
} from '../../../src/adapters/firebase/firestoreDocs.js';

const at = '2026-05-01T12:00:00.000Z';

export function aProfile(overrides: Partial<ProfileDoc> = {}): ProfileDoc {
  return { name: 'Dana Flipper', email: 'dana@example.com', avatar: null, ...overrides };
}

export function aCustomer(overrides: Partial<StoredCustomer> = {}): StoredCustomer {
  return { ...newCustomer(), creditsRemaining: 10, signupGrantedAt: at, ledgerSeq: 1, ...overrides };
}

export function aLedgerEntry(overrides: Partial<StoredLedgerEntry> = {}): StoredLedgerEntry {
  return { delta: 10, reason: 'signup', ref: 'signup', balanceAfter: 10, at, seq: 1, ...overrides };
}

export function aStageRequest(overrides: Partial<StoredStageRequest> = {}): StoredStageRequest {
  return { key: randomUUID(), attemptId: randomUUID(), status: 'pending', startedAt: Date.parse(at), result: null, ...overrides };
}

export function anImageEdit(userId: string, overrides: Partial<ImageEdit> = {}): ImageEdit {
  const id = randomUUID();
  return {
    id,
    user_id: userId,
    input_image_url: `https://files.example/image_edits/${userId}/${id}-input.jpg`,
    output_image_url: `https://files.example/image_edits/${userId}/${id}-output.jpg`,
    background_style: 'a sleek modern interior for a bedroom',
    style: 'modern',
    furniture_type: 'dresser',
    created_at: at,
    ...overrides,
  };
}

export function anItem(owner: string, overrides: Partial<ItemDoc> = {}): ItemDoc {
  const id = randomUUID();
  return {
    id,
    title: 'Oak dresser',
    description: 'Solid oak, six drawers',
    price: 120,
    tags: ['oak'],
    images: [`https://files.example/items/${owner}/${id}-0.jpg`],
    thumbs: [`https://files.example/items/${owner}/${id}-0-thumb.jpg`],
    owner,
    state: 'active',
    aiStaged: false,
    keywords: ['oak', 'dresser', 'solid', 'six', 'drawers'],
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    hidden: false,
    sellerName: null,
    sellerSince: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export function aStripeEvent(overrides: Partial<StoredStripeEvent> = {}): StoredStripeEvent {
  return { type: 'invoice.paid', processedAt: at, ...overrides };
}

/** A small JPEG-looking payload for storage rules tests. */
export function jpegBytes(): Uint8Array {
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
}
