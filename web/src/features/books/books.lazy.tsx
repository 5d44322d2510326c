import { createLazyRoute } from '@tanstack/react-router';
import { PiecesPage } from './PiecesPage';

export const Route = createLazyRoute('/_signedIn/books')({ component: PiecesPage });
