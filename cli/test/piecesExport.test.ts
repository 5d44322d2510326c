/**
 * `flipstage pieces export` (issue 42), the built binary against the local host: the seller's
 * pieces and cost lines, written as the web app's CSV (BOM, one row per cost line) to a file or the
 * terminal, or as JSON with --json; someone else's pieces never among them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOOKS_PATHS, CSV_BOM, EXPORT_COLUMNS, parseCsv, type Piece, type PieceFields } from '@flipstage/core';
import { flipstage, removeTempDirs, signedInUser, tempDir, type TestUser } from './cliHarness.js';

let seller: TestUser;
let cwd: string;

async function api(user: TestUser, path: string, body: object): Promise<unknown> {
  const response = await fetch(`${new URL(inject('apiUrl')).origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const fields = (name: string): PieceFields => ({
  name,
  furnitureType: 'chair',
  style: null,
  boughtFrom: null,
  boughtOn: '2026-10-01',
  purchaseCents: 1500,
  hours: 2,
  status: 'in-progress',
  listingId: null,
  stagingIds: [],
  saleCents: null,
  saleChannel: null,
  soldOn: null,
});

beforeAll(async () => {
  cwd = await tempDir('flipstage-cli-pieces-');
  seller = await signedInUser(cwd);
  const chair = (await api(seller, BOOKS_PATHS.pieces, fields('Bentwood chair'))) as Piece;
  await api(seller, BOOKS_PATHS.costs(chair.id), { category: 'materials', amountCents: 1250, note: 'Cane, "natural"' });
  await api(seller, BOOKS_PATHS.costs(chair.id), { category: 'fees', amountCents: 300, note: 'Listing fee' });
  const stranger = await signedInUser(cwd);
  await api(stranger, BOOKS_PATHS.pieces, fields('Someone else’s stool'));
});
afterAll(removeTempDirs);

describe('flipstage pieces export', () => {
  it('writes the seller’s pieces to a CSV file, one row per cost line, and says so', async () => {
    const out = join(cwd, 'books.csv');
    const run = await flipstage(['pieces', 'export', '--out', out], { configDir: seller.configDir, cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Wrote 1 pieces and 2 cost lines to ${out}`);
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.slice(1).map((row) => [row[1], row[13], row[14], row[15]])).toEqual([
      ['Bentwood chair', 'Materials', '12.50', 'Cane, "natural"'],
      ['Bentwood chair', 'Fees', '3.00', 'Listing fee'],
    ]);
  });

  it('prints the CSV to the terminal without --out', async () => {
    const run = await flipstage(['pieces', 'export'], { configDir: seller.configDir, cwd });
    expect(run.code).toBe(0);
    expect(parseCsv(run.stdout)).toHaveLength(3);
  });

  it('prints the pieces with their cost lines as JSON with --json', async () => {
    const run = await flipstage(['pieces', 'export', '--json'], { configDir: seller.configDir, cwd });
    expect(run.code).toBe(0);
    const { pieces } = JSON.parse(run.stdout) as { pieces: Array<{ piece: Piece; costs: unknown[] }> };
    expect(pieces.map((p) => [p.piece.name, p.costs.length])).toEqual([['Bentwood chair', 2]]);
  });
});
