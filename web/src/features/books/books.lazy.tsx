import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { DeletedPiecesPage } from './DeletedPiecesPage';
import { ImportPage } from './ImportPage';
import { NewPiecePage } from './NewPiecePage';
import { PiecePage } from './PiecePage';
import { PiecesPage } from './PiecesPage';

const pieceApi = getRouteApi('/_signedIn/books/$id');

function PieceScreen() {
  const { id } = pieceApi.useParams();
  // Another piece opened from this one starts with its own form, not the last one's.
  return <PiecePage key={id} id={id} />;
}

export const PiecesRoute = createLazyRoute('/_signedIn/books')({ component: PiecesPage });
export const NewPieceRoute = createLazyRoute('/_signedIn/books/new')({ component: NewPiecePage });
export const DeletedPiecesRoute = createLazyRoute('/_signedIn/books/deleted')({ component: DeletedPiecesPage });
export const PieceRoute = createLazyRoute('/_signedIn/books/$id')({ component: PieceScreen });
export const ImportRoute = createLazyRoute('/_signedIn/books/import')({ component: ImportPage });
