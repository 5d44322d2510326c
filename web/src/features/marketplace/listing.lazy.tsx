import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { ListingPage } from './ListingPage';

const routeApi = getRouteApi('/marketplace/$id');

function ListingRoute() {
  const { id } = routeApi.useParams();
  // A new listing starts at its first photo.
  return <ListingPage key={id} id={id} />;
}

export const Route = createLazyRoute('/marketplace/$id')({ component: ListingRoute });
