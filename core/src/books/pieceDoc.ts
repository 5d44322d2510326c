/**
 * How a piece's staging ids are stored in Firestore: a map of id → its place (0, 1, …), since
 * security rules can check a map's size and its values as a whole (hasOnly) but cannot look at each
 * element of a list; a map has no order of its own, so each id carries its place.
 */
export type StoredStagings = Record<string, number>;

export function storedStagings(ids: readonly string[]): StoredStagings {
  return Object.fromEntries(ids.map((id, place) => [id, place]));
}

/** A piece's fields as a pieces/{id} document holds them: the stagings as a map. */
export function pieceFieldsToStored({ stagingIds, ...fields }: PieceFields) {
  return { ...fields, stagings: storedStagings(stagingIds) };
}

function stagingIdsFromStored(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as StoredStagings)
    .sort(([, a], [, b]) => a - b)
    .map(([id]) => id);
}

/**
 * A pieces/{id} document as either Firestore SDK reads it (the Admin SDK in the functions, the web
 * SDK in the app), into core's Piece: the fields as stored, the instants as ISO text by `instant`,
 * since each SDK has its own Timestamp class.
 */
import type { Piece, PieceFields } from './pieces.js';

export function pieceFromStored(id: string, data: Record<string, unknown>, instant: (value: unknown) => string): Piece {
  const fields = data as Omit<Piece, 'id' | 'created_at' | 'updated_at' | 'deletedAt' | 'stagingIds'>;
  return {
    id,
    owner: fields.owner,
    name: fields.name,
    furnitureType: fields.furnitureType,
    style: fields.style,
    boughtFrom: fields.boughtFrom,
    boughtOn: fields.boughtOn,
    purchaseCents: fields.purchaseCents,
    hours: fields.hours,
    status: fields.status,
    listingId: fields.listingId,
    // Pieces written before stagings could be linked have no map.
    stagingIds: stagingIdsFromStored(data.stagings),
    saleCents: fields.saleCents,
    saleChannel: fields.saleChannel,
    soldOn: fields.soldOn,
    created_at: instant(data.created_at),
    updated_at: instant(data.updated_at),
    deletedAt: data.deletedAt === null || data.deletedAt === undefined ? null : instant(data.deletedAt),
  };
}
