import { atom } from 'jotai';
import type { PieceStatus } from '@flipstage/core';

/** The pieces list's status filter: kept while the seller opens a piece and comes back. */
export const pieceStatusFilterAtom = atom<PieceStatus | 'all'>('all');
