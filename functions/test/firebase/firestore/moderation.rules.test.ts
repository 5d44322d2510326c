/**
 * firestore.rules for reports and the review queue (issue 40): a moderator (the `moderator: true`
 * custom claim) reads reports/{id} and moderation/{itemId}, singly and as lists; nobody else does,
 * not the listing's seller, not the reporter, not a claim that merely looks like it; and nobody
 * writes them, moderators included: reports and decisions go through the API.
 */
import {
  assertFails,
  assertSucceeds,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import type { ModerationDoc, ReportDoc } from '../../../src/ports/store.js';
import { firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const SELLER = 'dana';
const REPORTER = 'eli';
const MODERATOR = 'mo';
const at = '2026-11-28T12:00:00.000Z';

const report: ReportDoc = {
  id: `listing_item-1_${REPORTER}`,
  reporter: REPORTER,
  itemId: 'item-1',
  conversationId: null,
  messageId: null,
  reason: 'Looks like a scam',
  counts: true,
  created_at: at,
  reviewedAt: null,
};
const record: ModerationDoc = {
  itemId: 'item-1',
  owner: SELLER,
  status: 'hidden',
  reason: null,
  decidedBy: null,
  updated_at: at,
};

const PATHS = {
  'reports/{reportId}': { collection: 'reports', doc: report.id, data: report },
  'moderation/{itemId}': { collection: 'moderation', doc: record.itemId, data: record },
};

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-moderation');
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    for (const { collection, doc, data } of Object.values(PATHS)) await db.collection(collection).doc(doc).set(data);
  });
});

afterAll(async () => {
  await env.cleanup();
});

const moderator = () => env.authenticatedContext(MODERATOR, { moderator: true });

describe.each(Object.entries(PATHS))('%s', (_path, { collection, doc, data }) => {
  describe('a moderator', () => {
    it('gets a document', async () => {
      await assertSucceeds(moderator().firestore().collection(collection).doc(doc).get());
    });

    it('lists the documents', async () => {
      await assertSucceeds(moderator().firestore().collection(collection).get());
    });

    it('cannot create, update or delete a document', async () => {
      const docs = moderator().firestore().collection(collection);
      await assertFails(docs.doc('new').set(data));
      await assertFails(docs.doc(doc).update({ reviewedAt: at }));
      await assertFails(docs.doc(doc).delete());
    });
  });

  describe.each([
    ['signed out', () => env.unauthenticatedContext()],
    ['the listing’s seller', () => env.authenticatedContext(SELLER)],
    ['the reporter', () => env.authenticatedContext(REPORTER)],
    [
      'a user whose moderator claim is not the boolean true',
      () => env.authenticatedContext('x', { moderator: 'true' }),
    ],
  ] as const)('%s', (_who, context: () => RulesTestContext) => {
    it('cannot get a document', async () => {
      await assertFails(context().firestore().collection(collection).doc(doc).get());
    });

    it('cannot list the documents', async () => {
      await assertFails(context().firestore().collection(collection).get());
    });

    it('cannot list its own', async () => {
      const field = collection === 'reports' ? 'reporter' : 'owner';
      const own = collection === 'reports' ? REPORTER : SELLER;
      await assertFails(context().firestore().collection(collection).where(field, '==', own).get());
    });

    it('cannot create, update or delete a document', async () => {
      const docs = context().firestore().collection(collection);
      await assertFails(docs.doc('new').set(data));
      await assertFails(docs.doc(doc).update({ reviewedAt: at }));
      await assertFails(docs.doc(doc).delete());
    });
  });
});
