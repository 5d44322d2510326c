import { useCallback } from 'react';
import { createLazyRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { MarketplacePage } from './MarketplacePage';

const routeApi = getRouteApi('/marketplace');

function MarketplaceRoute() {
  const { image } = routeApi.useSearch();
  const navigate = useNavigate();
  const dropImageParam = useCallback(
    () => void navigate({ to: '/marketplace', search: {}, replace: true }),
    [navigate],
  );
  return <MarketplacePage prefillImageUrl={image} onPrefillHandled={dropImageParam} />;
}

export const Route = createLazyRoute('/marketplace')({ component: MarketplaceRoute });
