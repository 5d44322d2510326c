/**
 * firestore.rules for items/{id}: listings are read and written through the API only (it applies
 * the sold-item visibility and the owner check), so clients get nothing directly.
 */
import { assertFails, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { anItem } from '../support/factories.js';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const item = anItem(OWNER);
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const items = (context: RulesTestContext) => context.firestore().collection('items');

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-items');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, (db) => db.doc(`items/${item.id}`).set(item));
});

afterAll(async () => {
  await env.cleanup();
});

describe.each([
  ['signed out', () => as.signedOut()],
  ['the owner', () => as.owner()],
  ['another user', () => as.other()],
] as const)('items %s', (_who, context) => {
  it('cannot get an item', async () => {
    await assertFails(items(context()).doc(item.id).get());
  });

  it('cannot list items', async () => {
    await assertFails(items(context()).where('state', '==', 'active').get());
  });

  it('cannot create an item', async () => {
    const created = anItem(OWNER);
    await assertFails(items(context()).doc(created.id).set(created));
  });

  it('cannot update an item', async () => {
    await assertFails(items(context()).doc(item.id).update({ price: 1 }));
  });

  it('cannot delete an item', async () => {
    await assertFails(items(context()).doc(item.id).delete());
  });
});
