/**
 * A pieces/{id} document as either Firestore SDK reads it (the Admin SDK in the functions, the web
 * SDK in the app), into core's Piece: the fields as stored, the instants as ISO text by `instant`,
 * since each SDK has its own Timestamp class.
 */
import type { Piece } from './pieces.js';

export function pieceFromStored(id: string, data: Record<string, unknown>, instant: (value: unknown) => string): Piece {
  const fields = data as Omit<Piece, 'id' | 'created_at' | 'updated_at' | 'deletedAt'>;
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
    saleCents: fields.saleCents,
    saleChannel: fields.saleChannel,
    soldOn: fields.soldOn,
    created_at: instant(data.created_at),
    updated_at: instant(data.updated_at),
    deletedAt: data.deletedAt === null || data.deletedAt === undefined ? null : instant(data.deletedAt),
  };
}
