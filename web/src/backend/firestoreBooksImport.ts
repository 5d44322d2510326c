/**
 * A CSV import in Firebase mode (issue 42): every row or none. Firestore batches hold at most 500
 * writes and nothing spans batches, so the rows (already checked with core's schemas, which the
 * rules mirror) are written a batch at a time, each piece with its cost lines in one batch; when a
 * batch fails, what the earlier batches wrote is taken away again (the cost lines deleted, the
 * pieces marked deleted and then deleted for good, as the rules allow for a deleted piece).
 */
import { collection, doc, serverTimestamp, writeBatch, type DocumentReference, type Firestore } from 'firebase/firestore';
import { pieceFieldsToStored, type ImportedPiece } from '@flipstage/core';

const BATCH_WRITES = 500;
/**
 * The rules read each cost line's piece (getAfter), and a batch's rules may read at most 20
 * documents: 20 pieces a batch keeps every piece's cost lines allowed.
 */
export const BATCH_PIECES = 20;

interface Written {
  piece: DocumentReference;
  costs: DocumentReference[];
}

/** Groups pieces so no batch passes BATCH_WRITES or BATCH_PIECES and a piece never parts from its cost lines. */
function chunks<T>(items: T[], writesOf: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let writes = 0;
  for (const item of items) {
    const size = writesOf(item);
    if ((writes + size > BATCH_WRITES || current.length === BATCH_PIECES) && current.length > 0) {
      out.push(current);
      current = [];
      writes = 0;
    }
    current.push(item);
    writes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The rules delete only a piece already marked deleted: marked first, then deleted. */
async function undo(db: Firestore, written: Written[]) {
  for (const group of chunks(written, (w) => 1 + w.costs.length)) {
    const marks = writeBatch(db);
    const removals = writeBatch(db);
    for (const { piece, costs } of group) {
      for (const cost of costs) marks.delete(cost);
      marks.update(piece, { deletedAt: serverTimestamp(), updated_at: serverTimestamp() });
      removals.delete(piece);
    }
    await marks.commit();
    await removals.commit();
  }
}

export async function writeImport(db: Firestore, owner: string, rows: ImportedPiece[]): Promise<{ imported: number }> {
  const written: Written[] = [];
  try {
    for (const group of chunks(rows, (row) => 1 + row.costs.length)) {
      const batch = writeBatch(db);
      const inBatch: Written[] = [];
      for (const row of group) {
        const piece = doc(collection(db, 'pieces'));
        batch.set(piece, { ...pieceFieldsToStored(row.piece), owner, created_at: serverTimestamp(), updated_at: serverTimestamp(), deletedAt: null });
        const costs = row.costs.map((fields) => {
          const cost = doc(collection(piece, 'costs'));
          batch.set(cost, { ...fields, owner, created_at: serverTimestamp() });
          return cost;
        });
        inBatch.push({ piece, costs });
      }
      await batch.commit();
      written.push(...inBatch);
    }
  } catch (error) {
    await undo(db, written);
    throw error;
  }
  return { imported: rows.length };
}
