/**
 * Offline: every query the Firestore Store builds is served by firestore.indexes.json. The
 * queries come from running each Store method (with arguments that reach each query branch)
 * against a recording Firestore, so a new or changed query is checked as soon as it exists.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NO_LISTING_FACTS, searchTerms, type ConversationDoc, type MessageDoc } from '@flipstage/core';
import { servingIndex, type IndexesFile, type QueryShape } from '../../../../scripts/lib/firestoreIndexCoverage.mjs';
import { recordingFirestore } from '../../helpers/recordingFirestore.js';
import type { ItemDoc, ItemQuery, Store, StripeEffect } from '../../../src/ports/store.js';
import { createFirestoreStore } from '../../../src/adapters/firebase/firestoreStore.js';
import { CREDIT_RULES } from '../../../src/services/creditRules.js';
import { MODERATION_RULES } from '../../../src/services/moderationRules.js';

const indexes = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../firestore.indexes.json', import.meta.url)), 'utf8'),
) as IndexesFile;

const AT = '2026-01-01T00:00:00.000Z';
const item: ItemDoc = {
  id: 'item-1',
  owner: 'u1',
  title: 'Oak dresser',
  description: '',
  price: 120,
  tags: ['dresser'],
  images: [],
  thumbs: [],
  state: 'active',
  ...NO_LISTING_FACTS,
  reserved: false,
  variants: [],
  hidden: false,
  sellerName: null,
  sellerSince: null,
  created_at: AT,
  updated_at: AT,
  aiStaged: false,
  keywords: ['oak', 'dresser'],
};
const conversation: ConversationDoc = {
  id: 'c1',
  itemId: 'item-1',
  itemTitle: 'Oak dresser',
  itemThumb: null,
  buyer: 'u2',
  seller: 'u1',
  participants: ['u2', 'u1'],
  buyerName: null,
  sellerName: null,
  lastMessage: null,
  updated_at: AT,
  unread: {},
  blocked: false,
  reservedForBuyer: false,
};
const message: MessageDoc = {
  id: 'm1',
  from: 'u2',
  kind: 'text',
  text: 'Hi',
  price: null,
  offerStatus: null,
  created_at: AT,
};
const search = (query: Partial<ItemQuery>): ItemQuery => ({
  terms: { all: [], last: null },
  minPrice: null,
  maxPrice: null,
  sort: 'newest',
  viewer: null,
  after: null,
  limit: 24,
  ...query,
});
const stripeEvent = (effect: StripeEffect) => ({ eventId: `evt_${effect.kind}`, type: 'test.event', effect });
const syncSubscription: StripeEffect = {
  kind: 'sync-subscription',
  stripeCustomerId: 'cus_1',
  subscriptionId: 'sub_1',
  status: 'active',
  priceId: null,
  stateAt: 0,
  heldBefore: null,
  trialGrant: null,
};

/** Every Store method, called in the ways that build different queries. */
const calls: Record<keyof Store, Array<(store: Store) => Promise<unknown>>> = {
  ensureAccount: [(s) => s.ensureAccount('u1', { name: null, email: null, avatar: null }, 10, CREDIT_RULES)],
  getAccount: [(s) => s.getAccount('u1')],
  updateProfile: [(s) => s.updateProfile('u1', { name: 'Dana' })],
  setStripeCustomer: [(s) => s.setStripeCustomer('u1', 'cus_1')],
  findUidByStripeCustomer: [(s) => s.findUidByStripeCustomer('cus_1')],
  applyCredit: [(s) => s.applyCredit({ uid: 'u1', delta: 1, reason: 'signup', ref: 'signup' }, CREDIT_RULES)],
  listLedger: [(s) => s.listLedger('u1')],
  beginStage: [(s) => s.beginStage({ uid: 'u1', key: 'k', attemptId: 'a', staleBefore: 0 }, CREDIT_RULES)],
  completeStage: [
    (s) =>
      s.completeStage(
        {
          uid: 'u1',
          key: 'k',
          attemptId: 'a',
          edit: {
            id: 'e1',
            user_id: 'u1',
            input_image_url: '',
            output_image_url: '',
            background_style: '',
            style: null,
            furniture_type: null,
            created_at: AT,
          },
        },
        CREDIT_RULES,
      ),
  ],
  failStage: [(s) => s.failStage({ uid: 'u1', key: 'k', attemptId: 'a' }, CREDIT_RULES)],
  listStaleStages: [(s) => s.listStaleStages(Date.now(), 10)],
  getStage: [(s) => s.getStage('u1', 'k')],
  recordStageProgress: [
    (s) =>
      s.recordStageProgress({
        uid: 'u1',
        key: 'k',
        attemptId: 'a',
        progress: { phase: 'segment', step: 3, steps: 7 },
      }),
  ],
  getStageProgress: [(s) => s.getStageProgress('u1', 'k')],
  grantTrial: [
    (s) =>
      s.grantTrial(
        { uid: 'u1', credits: 3, address: '203.0.113.0', day: '2026-11-26', perAddressPerDay: 2 },
        CREDIT_RULES,
      ),
  ],
  endTrial: [(s) => s.endTrial('u1', CREDIT_RULES)],
  listImageEdits: [
    (s) => s.listImageEdits('u1', null, 24),
    (s) => s.listImageEdits('u1', { createdAt: AT, id: 'e1' }, 24),
  ],
  getImageEdits: [(s) => s.getImageEdits('u1', ['e1', 'e2'])],
  createItem: [(s) => s.createItem(item)],
  getItem: [(s) => s.getItem('item-1')],
  updateItem: [(s) => s.updateItem('item-1', 'u1', item)],
  searchItems: [null, 'u2'].flatMap((viewer) => [
    (s: Store) => s.searchItems(search({ viewer })),
    (s: Store) =>
      s.searchItems(
        search({
          viewer,
          terms: searchTerms({ search: 'oak dresser', style: 'modern' }),
          sort: 'price-asc',
          minPrice: 10,
        }),
      ),
    (s: Store) =>
      s.searchItems(
        search({
          viewer,
          terms: searchTerms({ search: 'oak dre' }),
          sort: 'price-desc',
          after: { createdAt: AT, id: 'item-1', price: 1 },
        }),
      ),
  ]),
  deleteItem: [(s) => s.deleteItem('item-1', 'u1')],
  recordPost: [
    (s) =>
      s.recordPost({ itemId: 'item-1', site: 'craigslist', owner: 'u1', state: 'posted', url: null, updated_at: AT }),
  ],
  listPosts: [(s) => s.listPosts('item-1')],
  setPostState: [(s) => s.setPostState('item-1', 'craigslist', 'taken-down', AT)],
  soldPrices: [
    (s) => s.soldPrices({ furnitureType: 'sofa' }, 200),
    (s) => s.soldPrices({ furnitureType: 'sofa', style: 'modern' }, 200),
    (s) => s.soldPrices({ furnitureType: 'sofa', style: 'modern', condition: 'good' }, 200),
  ],
  listItemsByOwner: [true, false].flatMap((includeUnlisted) => [
    (s: Store) => s.listItemsByOwner('u1', { includeUnlisted, after: null, limit: 12 }),
    (s: Store) => s.listItemsByOwner('u1', { includeUnlisted, after: { createdAt: AT, id: 'item-1' }, limit: 12 }),
  ]),
  setListingStatus: [(s) => s.setListingStatus('item-1', 'u1', { state: 'active', reserved: true })],
  // Asks no query.
  listingsVersion: [async (s) => s.listingsVersion()],
  openConversation: [(s) => s.openConversation(conversation)],
  getConversation: [(s) => s.getConversation('c1')],
  appendMessage: [(s) => s.appendMessage('c1', message, { recipient: 'u2', notBefore: AT })],
  listConversations: [(s) => s.listConversations('u1', 100)],
  listMessages: [
    (s) => s.listMessages('c1', { before: null, limit: 100 }),
    (s) => s.listMessages('c1', { before: AT, limit: 100 }),
  ],
  markRead: [(s) => s.markRead('c1', 'u1')],
  decideOffer: [(s) => s.decideOffer('c1', 'm1', 'accepted')],
  setReservation: [(s) => s.setReservation('item-1', 'c1')],
  setBlocked: [
    (s) => s.setBlocked('u1', 'u2', true, 'me@gmail.com'),
    (s) => s.setBlocked('u1', 'u2', false, 'me@gmail.com'),
  ],
  isBlocked: [(s) => s.isBlocked('u1', 'u2', 'me@gmail.com')],
  takeNotice: [(s) => s.takeNotice('ana@example.com', '2026-11-28', 20)],
  addReport: [
    (s) =>
      s.addReport(
        {
          id: 'r1',
          reporter: 'u2',
          itemId: 'item-1',
          conversationId: null,
          messageId: null,
          reason: 'spam',
          counts: true,
          created_at: AT,
          reviewedAt: null,
        },
        MODERATION_RULES,
      ),
  ],
  decideListing: [(s) => s.decideListing('item-1', { status: 'removed', reason: 'spam', by: 'u3', at: AT })],
  reviewQueue: [(s) => s.reviewQueue(50)],
  moderatedListings: [(s) => s.moderatedListings('u1')],
  processStripeEvent: [
    stripeEvent({ kind: 'none' }),
    stripeEvent({ kind: 'link-customer', uid: 'u1', stripeCustomerId: 'cus_1' }),
    stripeEvent({ kind: 'grant-credits', stripeCustomerId: 'cus_1', delta: 25, reason: 'subscription' }),
    stripeEvent(syncSubscription),
  ].map((input) => (s: Store) => s.processStripeEvent(input, CREDIT_RULES)),
  close: [(s) => s.close()],
};

async function recordedQueries(): Promise<{ queries: QueryShape[]; methods: string[] }> {
  const { db, queries } = recordingFirestore();
  const store = createFirestoreStore(db);
  for (const run of Object.values(calls).flat()) {
    // Against an empty database many calls end in AccountNotFound and the like, after their queries ran.
    await run(store).catch(() => undefined);
  }
  const methods = Object.entries(store).flatMap(([name, value]) => (typeof value === 'function' ? [name] : []));
  return { queries, methods };
}

function describeQuery(query: QueryShape): string {
  const filters = query.filters.map((f) => `${f.field} ${f.op}`);
  const orders = query.orderBy.map((o) => `order by ${o.field} ${o.direction}`);
  return `${query.scope === 'COLLECTION_GROUP' ? 'group ' : ''}${query.collectionGroup}: ${[...filters, ...orders].join(', ')}`;
}

describe('firestore.indexes.json against the Firestore Store', () => {
  it('exercises every Store method', async () => {
    const { methods } = await recordedQueries();
    expect(methods.filter((name) => !(name in calls))).toEqual([]);
  });

  it('has an index for every query the Store runs', async () => {
    const { queries } = await recordedQueries();
    expect(queries.length).toBeGreaterThan(0);
    const unserved = queries.filter((query) => servingIndex(query, indexes) === null).map(describeQuery);
    expect(unserved).toEqual([]);
  });
});
