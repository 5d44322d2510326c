import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from '../../app/signedInRoute';

/**
 * The flipper's books (issue 42), signed in only. Each page is its own chunk, loaded when opened:
 * the dashboard's numbers link here, and none of it is on the home route.
 */
export const booksRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books',
}).lazy(() => import('./books.lazy').then((m) => m.Route));

export const newPieceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books/new',
}).lazy(() => import('./newPiece.lazy').then((m) => m.Route));

export const deletedPiecesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books/deleted',
}).lazy(() => import('./deleted.lazy').then((m) => m.Route));

export const pieceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books/$id',
}).lazy(() => import('./piece.lazy').then((m) => m.Route));

export const booksRoutes = [booksRoute, newPieceRoute, deletedPiecesRoute, pieceRoute];
