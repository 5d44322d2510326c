/**
 * The books' API (issue 42), as local mode serves it: the signed-in seller's own pieces and cost
 * lines, parsed with core's schemas (a 400 names the field), another seller's piece a 404, a
 * deleted piece restorable, an import all or none, the dashboard equal to core's summariseBooks,
 * and in Firebase mode the export alone.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS_PATHS, contributionOf, PIECE_MESSAGES, summariseBooks, type Piece } from '@flipstage/core';
import { aCost, aPiece } from '../contracts/pieceStoreContract.js';
import { makeItemDoc } from '../contracts/storeContract.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { BOOKS_MESSAGES } from '../../src/services/books.js';

let t: TestApp;
let seller: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [seller, other] = await Promise.all([signUpTestUser(), signUpTestUser()]);
});
afterAll(() => t.close());

const as = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });
const create = async (user: TestUser, fields = aPiece()) => {
  const response = await request(t.app).post(BOOKS_PATHS.pieces).set(as(user)).send(fields);
  expect(response.status).toBe(201);
  return response.body as Piece;
};

describe('pieces through the API', () => {
  it('creates a piece for the signed-in seller and reads it back with its cost lines', async () => {
    const piece = await create(seller);
    expect(piece).toMatchObject({ ...aPiece(), owner: seller.uid, deletedAt: null });
    await request(t.app).post(BOOKS_PATHS.costs(piece.id)).set(as(seller)).send(aCost()).expect(201);
    const read = await request(t.app).get(BOOKS_PATHS.piece(piece.id)).set(as(seller)).expect(200);
    expect(read.body.costs).toMatchObject([aCost()]);
  });

  it('refuses a signed-out caller', async () => {
    await request(t.app).get(BOOKS_PATHS.pieces).expect(401);
  });

  it('answers 404 for another seller’s piece, to read, change or add to', async () => {
    const piece = await create(seller);
    await request(t.app).get(BOOKS_PATHS.piece(piece.id)).set(as(other)).expect(404);
    await request(t.app).put(BOOKS_PATHS.piece(piece.id)).set(as(other)).send(aPiece()).expect(404);
    const response = await request(t.app).post(BOOKS_PATHS.costs(piece.id)).set(as(other)).send(aCost());
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(BOOKS_MESSAGES.noPiece);
  });

  it('refuses a bad field with a 400 that names it', async () => {
    const response = await request(t.app).post(BOOKS_PATHS.pieces).set(as(seller)).send(aPiece({ purchaseCents: 12.5 }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(`purchaseCents: ${PIECE_MESSAGES.money}`);
  });

  it('refuses a sale dated before the purchase, on the sale day', async () => {
    const fields = aPiece({ status: 'sold', saleCents: 100, soldOn: '2026-09-01' });
    const response = await request(t.app).post(BOOKS_PATHS.pieces).set(as(seller)).send(fields);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(`soldOn: ${PIECE_MESSAGES.saleBeforePurchase}`);
  });

  it('links a piece to the seller’s own listing, and refuses another seller’s', async () => {
    const own = await t.store.createItem(makeItemDoc({ owner: seller.uid }));
    const theirs = await t.store.createItem(makeItemDoc({ owner: other.uid }));
    expect((await create(seller, aPiece({ listingId: own.id }))).listingId).toBe(own.id);
    const refused = await request(t.app).post(BOOKS_PATHS.pieces).set(as(seller)).send(aPiece({ listingId: theirs.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(BOOKS_MESSAGES.notYourListing);
  });

  it('deletes a piece out of the list and restores it', async () => {
    const piece = await create(seller);
    await request(t.app).delete(BOOKS_PATHS.piece(piece.id)).set(as(seller)).expect(200);
    const deleted = await request(t.app).get(BOOKS_PATHS.deletedPieces).set(as(seller)).expect(200);
    expect(deleted.body.data.map((p: Piece) => p.id)).toContain(piece.id);
    await request(t.app).post(BOOKS_PATHS.restore(piece.id)).set(as(seller)).expect(200);
    const listed = await request(t.app).get(BOOKS_PATHS.pieces).set(as(seller)).expect(200);
    expect(listed.body.data.map((p: Piece) => p.id)).toContain(piece.id);
  });

  it('refuses to restore a piece deleted more than 30 days ago', async () => {
    const piece = await create(seller);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.pieces.setDeleted(seller.uid, piece.id, longAgo, longAgo);
    await request(t.app).post(BOOKS_PATHS.restore(piece.id)).set(as(seller)).expect(404);
  });
});

describe('importing', () => {
  it('writes every row', async () => {
    const user = await signUpTestUser();
    const rows = [{ piece: aPiece({ name: 'A' }), costs: [aCost()] }, { piece: aPiece({ name: 'B' }), costs: [] }];
    const response = await request(t.app).post(BOOKS_PATHS.import).set(as(user)).send({ rows });
    expect(response.body).toEqual({ imported: 2 });
    expect((await t.pieces.listPieces(user.uid)).map((p) => p.name).sort()).toEqual(['A', 'B']);
  });

  it('writes none of the rows when one is bad, and names the row and field', async () => {
    const user = await signUpTestUser();
    const rows = [{ piece: aPiece(), costs: [] }, { piece: aPiece({ hours: -1 }), costs: [] }];
    const response = await request(t.app).post(BOOKS_PATHS.import).set(as(user)).send({ rows });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(`rows.1.piece.hours: ${PIECE_MESSAGES.hours}`);
    expect(await t.pieces.listPieces(user.uid)).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('equals core’s summariseBooks over the seller’s pieces, in their currency', async () => {
    const user = await signUpTestUser();
    await request(t.app).put(BOOKS_PATHS.currency).set(as(user)).send({ currency: 'GBP' }).expect(200);
    const sold = await create(user, aPiece({ status: 'sold', saleCents: 25000, soldOn: '2026-11-02' }));
    await request(t.app).post(BOOKS_PATHS.costs(sold.id)).set(as(user)).send(aCost({ category: 'fees', amountCents: 900 }));
    await create(user, aPiece({ status: 'listed', furnitureType: 'sofa' }));
    const response = await request(t.app).get(BOOKS_PATHS.summary).query({ today: '2026-11-28' }).set(as(user)).expect(200);
    const expected = summariseBooks(
      (await t.pieces.exportPieces(user.uid)).map(({ piece, costs }) => contributionOf(piece, costs, piece.updated_at)),
      '2026-11-28',
      'GBP',
    );
    expect(response.body).toEqual(expected);
    expect(response.body.thisMonth).toEqual({ revenueCents: 25000, profitCents: 25000 - 4000 - 900, sold: 1 });
  });

  it('refuses a today that is not a day, naming it', async () => {
    await request(t.app).get(BOOKS_PATHS.summary).query({ today: 'tomorrow' }).set(as(seller)).expect(400);
    const response = await request(t.app).get(BOOKS_PATHS.summary).query({ today: '2026-13-40' }).set(as(seller));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(`today: ${PIECE_MESSAGES.date}`);
  });
});

describe('Firebase mode', () => {
  it('serves the export alone: the app writes Firestore itself', async () => {
    const firebaseLike = await createTestApp({ booksScope: 'export' });
    try {
      await firebaseLike.pieces.createPiece(seller.uid, aPiece(), new Date().toISOString());
      const exported = await request(firebaseLike.app).get(BOOKS_PATHS.export).set(as(seller)).expect(200);
      expect(exported.body.data).toHaveLength(1);
      await request(firebaseLike.app).get(BOOKS_PATHS.pieces).set(as(seller)).expect(404);
    } finally {
      await firebaseLike.close();
    }
  });
});
