import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from '../../app/signedInRoute';

/**
 * The flipper's books (issue 42), signed in only, none of it on the home route. The pages
 * share one chunk: each route here costs the home route's initial JS its import and that chunk's
 * dependency list, and identical ones compress to almost nothing.
 */
const pages = () => import('./books.lazy');

export const booksRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books',
}).lazy(() => pages().then((m) => m.PiecesRoute));

export const newPieceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books/new',
}).lazy(() => pages().then((m) => m.NewPieceRoute));

export const deletedPiecesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books/deleted',
}).lazy(() => pages().then((m) => m.DeletedPiecesRoute));

export const importRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books/import',
}).lazy(() => pages().then((m) => m.ImportRoute));

export const pieceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/books/$id',
}).lazy(() => pages().then((m) => m.PieceRoute));

export const booksRoutes = [booksRoute, newPieceRoute, deletedPiecesRoute, importRoute, pieceRoute];
