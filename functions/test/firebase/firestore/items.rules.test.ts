/**
 * firestore.rules for items/{id} (issue 25): the web app reads listings directly. Anyone gets a
 * listing that is not hidden and lists listed ones (the query must say hidden == false and state
 * == 'active'); a seller gets and lists their own whatever their state; nobody writes.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { anItem } from '../support/factories.js';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const listed = anItem(OWNER);
const sold = anItem(OWNER, { state: 'sold' });
const hidden = anItem(OWNER, { hidden: true });
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const items = (context: RulesTestContext) => context.firestore().collection('items');

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-items');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    for (const item of [listed, sold, hidden]) await db.doc(`items/${item.id}`).set(item);
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe.each([
  ['signed out', () => as.signedOut()],
  ['another user', () => as.other()],
] as const)('items, %s', (_who, context) => {
  it('can get a listed item', async () => {
    await assertSucceeds(items(context()).doc(listed.id).get());
  });

  it('can get a sold item, so a shared link says Sold', async () => {
    await assertSucceeds(items(context()).doc(sold.id).get());
  });

  it('cannot get a hidden item', async () => {
    await assertFails(items(context()).doc(hidden.id).get());
  });

  it('can list items with hidden == false and state == active', async () => {
    await assertSucceeds(items(context()).where('hidden', '==', false).where('state', '==', 'active').get());
  });

  it('cannot list items without the state constraint', async () => {
    await assertFails(items(context()).where('hidden', '==', false).get());
  });

  it('cannot list items without the hidden constraint', async () => {
    await assertFails(items(context()).where('state', '==', 'active').get());
  });

  it("cannot list another seller's sold items", async () => {
    await assertFails(items(context()).where('owner', '==', OWNER).where('state', '==', 'sold').get());
  });
});

describe('items, the owner', () => {
  it('can get their own hidden item', async () => {
    await assertSucceeds(items(as.owner()).doc(hidden.id).get());
  });

  it('can list their own sold items', async () => {
    await assertSucceeds(
      items(as.owner()).where('hidden', '==', false).where('owner', '==', OWNER).where('state', '==', 'sold').get(),
    );
  });
});

describe.each([
  ['signed out', () => as.signedOut()],
  ['the owner', () => as.owner()],
  ['another user', () => as.other()],
] as const)('items, %s, writing', (_who, context) => {
  it('cannot create an item', async () => {
    const created = anItem(OWNER);
    await assertFails(items(context()).doc(created.id).set(created));
  });

  it('cannot update an item', async () => {
    await assertFails(items(context()).doc(listed.id).update({ price: 1 }));
  });

  it('cannot delete an item', async () => {
    await assertFails(items(context()).doc(listed.id).delete());
  });
});
