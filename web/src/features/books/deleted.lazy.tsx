import { createLazyRoute } from '@tanstack/react-router';
import { DeletedPiecesPage } from './DeletedPiecesPage';

export const Route = createLazyRoute('/_signedIn/books/deleted')({ component: DeletedPiecesPage });
