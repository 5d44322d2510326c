import { createLazyRoute } from '@tanstack/react-router';
import { NewPiecePage } from './NewPiecePage';

export const Route = createLazyRoute('/_signedIn/books/new')({ component: NewPiecePage });
