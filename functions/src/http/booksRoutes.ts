/**
 * The books' API (issue 42), the signed-in seller's own. In local mode every call of the app's
 * BooksDriver comes here (`scope: 'all'`); in Firebase mode the app writes Firestore under the
 * rules and only the export is served (`scope: 'export'`), for the CLI, which cannot read Firestore.
 * Bodies are parsed with core's schemas; a refusal names the field.
 */
import express, { Router, type Response } from 'express';
import type { ZodType } from 'zod';
import {
  BOOKS_PATHS,
  costLineFieldsSchema,
  currencyRequestSchema,
  importRequestSchema,
  pieceFieldsSchema,
  summaryQuerySchema,
  type BooksSummary,
  type CostLine,
  type Piece,
  type PieceWithCosts,
} from '@flipstage/core';
import type { Identity } from '../ports/identity.js';
import { PieceNotFound, type PieceStore } from '../ports/pieces.js';
import type { Store } from '../ports/store.js';
import { BOOKS_MESSAGES, checkListingLink, restorableSince } from '../services/books.js';
import { ServiceError } from '../services/errors.js';
import { currentUser, requireUser } from './auth.js';

export interface BooksRouteDeps {
  identity: Identity;
  store: Store;
  pieces: PieceStore;
  scope: 'all' | 'export';
}

/** The API paths are absolute; the router is mounted under /api. */
const route = (path: string) => path.replace(/^\/api/, '');
/** BOOKS_PATHS' builders encode the ids they are given, so the patterns are spelled out. */
const PIECE = `${route(BOOKS_PATHS.pieces)}/:id`;
const RESTORE = `${PIECE}/restore`;
const COSTS = `${PIECE}/costs`;
const COST = `${COSTS}/:costId`;

/** A 400 that says which field is wrong: "purchaseCents: Enter an amount like 45 …". */
function parse<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  throw new ServiceError('invalid', field ? `${field}: ${issue.message}` : issue.message);
}

/** Another seller's piece, or none: the same 404. */
async function found<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PieceNotFound) throw new ServiceError('not-found', BOOKS_MESSAGES.noPiece);
    throw error;
  }
}

const param = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
const owner = (res: Response) => currentUser(res).uid;
const now = () => new Date().toISOString();

export function booksRoutes(deps: BooksRouteDeps): Router {
  const router = Router();
  const signedIn = requireUser(deps.identity);
  const { pieces } = deps;

  router.get(route(BOOKS_PATHS.export), signedIn, async (_req, res) => {
    res.json({ data: await pieces.exportPieces(owner(res)) } satisfies { data: PieceWithCosts[] });
  });
  if (deps.scope === 'export') return router;

  const json = express.json({ limit: '16kb' });
  // An import of a whole spreadsheet: up to BOOKS_IMPORT_MAX_PIECES pieces.
  const importJson = express.json({ limit: '8mb' });

  router.get(route(BOOKS_PATHS.pieces), signedIn, async (_req, res) => {
    res.json({ data: await pieces.listPieces(owner(res)) } satisfies { data: Piece[] });
  });
  router.get(route(BOOKS_PATHS.deletedPieces), signedIn, async (_req, res) => {
    res.json({ data: await pieces.listDeletedPieces(owner(res), restorableSince(Date.now())) } satisfies { data: Piece[] });
  });
  router.get(PIECE, signedIn, async (req, res) => {
    const piece = await pieces.getPiece(owner(res), param(req.params.id));
    if (!piece) throw new ServiceError('not-found', BOOKS_MESSAGES.noPiece);
    res.json(piece satisfies PieceWithCosts);
  });
  router.post(route(BOOKS_PATHS.pieces), signedIn, json, async (req, res) => {
    const fields = parse(pieceFieldsSchema, req.body);
    await checkListingLink(deps.store, owner(res), fields);
    res.status(201).json((await pieces.createPiece(owner(res), fields, now())) satisfies Piece);
  });
  router.put(PIECE, signedIn, json, async (req, res) => {
    const fields = parse(pieceFieldsSchema, req.body);
    await checkListingLink(deps.store, owner(res), fields);
    res.json((await found(pieces.updatePiece(owner(res), param(req.params.id), fields, now()))) satisfies Piece);
  });
  router.delete(PIECE, signedIn, async (req, res) => {
    const at = now();
    res.json(await found(pieces.setDeleted(owner(res), param(req.params.id), at, at)));
  });
  router.post(RESTORE, signedIn, async (req, res) => {
    const id = param(req.params.id);
    // Past the restore window a piece is as good as purged, even before the sweep reaches it.
    const restorable = await pieces.listDeletedPieces(owner(res), restorableSince(Date.now()));
    if (!restorable.some((piece) => piece.id === id)) throw new ServiceError('not-found', BOOKS_MESSAGES.noPiece);
    res.json(await found(pieces.setDeleted(owner(res), id, null, now())));
  });
  router.post(COSTS, signedIn, json, async (req, res) => {
    const fields = parse(costLineFieldsSchema, req.body);
    res.status(201).json((await found(pieces.addCost(owner(res), param(req.params.id), fields, now()))) satisfies CostLine);
  });
  router.put(COST, signedIn, json, async (req, res) => {
    const fields = parse(costLineFieldsSchema, req.body);
    const { id, costId } = req.params;
    res.json((await found(pieces.updateCost(owner(res), param(id), param(costId), fields))) satisfies CostLine);
  });
  router.delete(COST, signedIn, async (req, res) => {
    await found(pieces.removeCost(owner(res), param(req.params.id), param(req.params.costId)));
    res.json({ removed: true });
  });
  router.post(route(BOOKS_PATHS.import), signedIn, importJson, async (req, res) => {
    const { rows } = parse(importRequestSchema, req.body);
    for (const row of rows) await checkListingLink(deps.store, owner(res), row.piece);
    res.status(201).json({ imported: await pieces.importPieces(owner(res), rows, now()) });
  });
  router.get(route(BOOKS_PATHS.summary), signedIn, async (req, res) => {
    const { today } = parse(summaryQuerySchema, req.query);
    res.json((await pieces.summary(owner(res), today)) satisfies BooksSummary);
  });
  router.get(route(BOOKS_PATHS.currency), signedIn, async (_req, res) => {
    res.json({ currency: await pieces.currency(owner(res)) });
  });
  router.put(route(BOOKS_PATHS.currency), signedIn, json, async (req, res) => {
    const { currency } = parse(currencyRequestSchema, req.body);
    await pieces.setCurrency(owner(res), currency);
    res.json({ currency });
  });
  return router;
}
