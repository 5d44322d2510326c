/** The books' 30 days (issue 42): a deleted piece is restorable for PIECE_RESTORE_DAYS, then purged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { pglitePieces } from '../../src/adapters/local/pglitePieces.js';
import type { PieceStore } from '../../src/ports/pieces.js';
import { purgeDeletedPieces, restorableSince } from '../../src/services/books.js';
import { aPiece } from '../contracts/pieceStoreContract.js';
import { openTestDatabase } from '../helpers/testDatabase.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const iso = (ms: number) => new Date(ms).toISOString();
let db: PGlite;
let pieces: PieceStore;
beforeAll(async () => {
  db = await openTestDatabase();
  pieces = pglitePieces(db);
});
afterAll(() => db.close());

async function deletedDaysAgo(owner: string, days: number) {
  const piece = await pieces.createPiece(owner, aPiece({ name: `${days} days` }), iso(NOW - 60 * DAY));
  await pieces.setDeleted(owner, piece.id, iso(NOW - days * DAY), iso(NOW - days * DAY));
  return piece;
}

describe('a deleted piece’s 30 days', () => {
  it('lists a piece deleted 29 days ago as restorable, and not one deleted 31 days ago', async () => {
    const recent = await deletedDaysAgo('dana', 29);
    await deletedDaysAgo('dana', 31);
    expect((await pieces.listDeletedPieces('dana', restorableSince(NOW))).map((p) => p.id)).toEqual([recent.id]);
  });

  it('purges the pieces deleted more than 30 days ago and keeps the rest', async () => {
    const kept = await deletedDaysAgo('eli', 29);
    await deletedDaysAgo('eli', 31);
    await purgeDeletedPieces(pieces, NOW);
    expect((await pieces.listDeletedPieces('eli', iso(0))).map((p) => p.id)).toEqual([kept.id]);
  });
});
