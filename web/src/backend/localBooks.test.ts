import { describe, expect, it, vi } from 'vitest';
import { BOOKS_PATHS, type PieceFields } from '@flipstage/core';
import { ApiError, type ApiFetch } from './http';
import { createLocalBooksDriver } from './localBooks';

const fields: PieceFields = {
  name: 'Oak dresser', furnitureType: 'dresser', style: null, boughtFrom: null, boughtOn: null, purchaseCents: 4000,
  hours: 0, status: 'sourced', listingId: null, stagingIds: [], saleCents: null, saleChannel: null, soldOn: null,
};

/** The calls the driver makes, each answered with `answer`. */
function recording(answer: unknown = {}) {
  const apiFetch = vi.fn(async () => answer) as unknown as ApiFetch;
  const calls = () => vi.mocked(apiFetch).mock.calls.map(([path, init]) => [path, init.method ?? 'GET', init.json]);
  return { apiFetch, calls };
}

describe('local mode’s books client', () => {
  it('creates a piece with POST and replaces one with PUT on its path', async () => {
    const { apiFetch, calls } = recording();
    const driver = createLocalBooksDriver(apiFetch);
    await driver.savePiece(null, fields);
    await driver.savePiece('p 1', fields);
    expect(calls()).toEqual([
      [BOOKS_PATHS.pieces, 'POST', fields],
      ['/api/books/pieces/p%201', 'PUT', fields],
    ]);
  });

  it('answers null for a piece the API does not find', async () => {
    const apiFetch = vi.fn(async () => {
      throw new ApiError(404, 'There is no such piece in your books.');
    }) as unknown as ApiFetch;
    expect(await createLocalBooksDriver(apiFetch).getPiece('gone')).toBeNull();
  });

  it('passes on any other failure to read a piece', async () => {
    const apiFetch = vi.fn(async () => {
      throw new ApiError(503, 'Busy');
    }) as unknown as ApiFetch;
    await expect(createLocalBooksDriver(apiFetch).getPiece('p1')).rejects.toThrow('Busy');
  });

  it('asks for the dashboard as of the seller’s day, and sends an import’s rows whole', async () => {
    const { apiFetch, calls } = recording();
    const driver = createLocalBooksDriver(apiFetch);
    await driver.summary('2026-11-28');
    await driver.importPieces([{ piece: fields, costs: [] }]);
    expect(calls()).toEqual([
      [`${BOOKS_PATHS.summary}?today=2026-11-28`, 'GET', undefined],
      [BOOKS_PATHS.import, 'POST', { rows: [{ piece: fields, costs: [] }] }],
    ]);
  });

  it('reads the lists and the currency out of their answers', async () => {
    expect(await createLocalBooksDriver(recording({ data: [] }).apiFetch).listPieces()).toEqual([]);
    expect(await createLocalBooksDriver(recording({ currency: 'CAD' }).apiFetch).currency()).toBe('CAD');
  });
});
