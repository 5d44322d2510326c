/**
 * Offline: the Firebase-mode messages driver against a recorder in place of the Firestore SDK. The
 * queries it listens to are served by firestore.indexes.json, and the stored documents reach the
 * app as core's Conversation, seen by its viewer.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase/firestore';
import type { ConversationDoc, MessageDoc } from '@flipstage/core';
import indexes from '../../../firestore.indexes.json';
import { servingIndex, type IndexesFile, type QueryShape } from '../../../scripts/lib/firestoreIndexCoverage.mjs';
import { createFirestoreMessagesDriver } from './firestoreMessages';

type Constraint =
  | { kind: 'where'; field: string; op: string }
  | { kind: 'orderBy'; field: string; direction: 'asc' | 'desc' }
  | { kind: 'other' };

interface Ref {
  path: string;
}
interface Query {
  ref: Ref;
  constraints: Constraint[];
}
type Snapshot =
  { docs: Array<{ id: string; data: () => unknown }> } | { id: string; exists: () => boolean; data: () => unknown };

const recorded = vi.hoisted(() => ({
  queries: [] as QueryShape[],
  /** Each listener by the path it listens to, so a test can deliver a snapshot. */
  listeners: new Map<string, (snapshot: unknown) => void>(),
}));

vi.mock('firebase/firestore', () => ({
  collection: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  where: (field: string, op: string): Constraint => ({ kind: 'where', field, op }),
  orderBy: (field: string, direction: 'asc' | 'desc' = 'asc'): Constraint => ({ kind: 'orderBy', field, direction }),
  limit: (): Constraint => ({ kind: 'other' }),
  query: (ref: Ref, ...constraints: Constraint[]): Query => ({ ref, constraints }),
  onSnapshot: (target: Ref | Query, onNext: (snapshot: unknown) => void) => {
    const path = 'ref' in target ? target.ref.path : target.path;
    if ('ref' in target) {
      recorded.queries.push({
        collectionGroup: path.split('/').pop() ?? '',
        scope: 'COLLECTION',
        filters: target.constraints.flatMap((c) => (c.kind === 'where' ? [{ field: c.field, op: c.op }] : [])),
        orderBy: target.constraints.flatMap((c) =>
          c.kind === 'orderBy' ? [{ field: c.field, direction: c.direction }] : [],
        ),
      });
    }
    recorded.listeners.set(path, onNext);
    return () => recorded.listeners.delete(path);
  },
}));

const stored: ConversationDoc = {
  id: 'conv-1',
  itemId: 'item-1',
  itemTitle: 'Walnut dresser',
  itemThumb: null,
  buyer: 'buyer-1',
  seller: 'seller-1',
  participants: ['buyer-1', 'seller-1'],
  buyerName: 'Bea',
  sellerName: 'Sam',
  lastMessage: { text: 'Hi', from: 'buyer-1', at: '2026-01-02T10:00:00.000Z' },
  updated_at: '2026-01-02T10:00:00.000Z',
  unread: { 'seller-1': 2, 'buyer-1': 0 },
  blocked: false,
  reservedForBuyer: false,
};

const storedMessage: MessageDoc = {
  id: 'msg-1',
  from: 'buyer-1',
  kind: 'text',
  text: 'Hi',
  price: null,
  offerStatus: null,
  created_at: '2026-01-02T10:00:00.000Z',
};

const deliver = (path: string, snapshot: Snapshot) => recorded.listeners.get(path)!(snapshot);
const querySnapshot = (id: string, data: unknown): Snapshot => ({ docs: [{ id, data: () => data }] });

function driver() {
  return createFirestoreMessagesDriver({} as Firestore, async <T>() => ({}) as T);
}

describe('the Firestore messages driver', () => {
  it('listens only to queries firestore.indexes.json serves', () => {
    const messages = driver();
    messages.watchConversations('seller-1', vi.fn(), vi.fn())();
    messages.watchUnread('seller-1', vi.fn(), vi.fn())();
    messages.watchConversation('seller-1', 'conv-1', vi.fn(), vi.fn())();
    expect(recorded.queries.length).toBeGreaterThan(0);
    expect(recorded.queries.filter((query) => servingIndex(query, indexes as IndexesFile) === null)).toEqual([]);
  });

  it("gives the inbox each conversation with the viewer's own unread count", () => {
    const onNext = vi.fn();
    driver().watchConversations('seller-1', onNext, vi.fn());
    deliver('conversations', querySnapshot('conv-1', stored));
    const [conversation] = onNext.mock.calls[0]![0] as Array<Record<string, unknown>>;
    expect(conversation).toMatchObject({ id: 'conv-1', unread: 2, itemTitle: 'Walnut dresser' });
    expect(conversation).not.toHaveProperty('participants');
  });

  it('counts the conversations with unread messages for the badge', () => {
    const onNext = vi.fn();
    driver().watchUnread('buyer-1', onNext, vi.fn());
    deliver('conversations', querySnapshot('conv-1', stored));
    expect(onNext).toHaveBeenLastCalledWith(0);
  });

  it('gives a conversation once both it and its messages have arrived', () => {
    const onNext = vi.fn();
    driver().watchConversation('seller-1', 'conv-1', onNext, vi.fn());
    deliver('conversations/conv-1', { id: 'conv-1', exists: () => true, data: () => stored });
    expect(onNext).not.toHaveBeenCalled();
    deliver('conversations/conv-1/messages', querySnapshot('msg-1', storedMessage));
    expect(onNext).toHaveBeenCalledWith({
      conversation: expect.objectContaining({ id: 'conv-1', unread: 2 }),
      data: [{ ...storedMessage, conversationId: 'conv-1' }],
    });
  });

  it('reports a conversation that does not exist', () => {
    const onError = vi.fn();
    driver().watchConversation('seller-1', 'conv-9', vi.fn(), onError);
    deliver('conversations/conv-9', { id: 'conv-9', exists: () => false, data: () => undefined });
    expect(onError).toHaveBeenCalledWith(new Error('Conversation not found.'));
  });
});
