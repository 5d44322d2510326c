import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { PiecePage } from './PiecePage';

const routeApi = getRouteApi('/_signedIn/books/$id');

function PieceScreen() {
  const { id } = routeApi.useParams();
  // A new piece opened from another starts with its own form, not the last one's.
  return <PiecePage key={id} id={id} />;
}

export const Route = createLazyRoute('/_signedIn/books/$id')({ component: PieceScreen });
