import { useCallback } from 'react';
import { createLazyRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { MarketplacePage } from './MarketplacePage';

const routeApi = getRouteApi('/marketplace');

function MarketplaceRoute() {
  const { image } = routeApi.useSearch();
  const navigate = useNavigate();
  const dropImageParam = useCallback(
    // The listing search in the address stays; only the handled image goes.
    () => void navigate({ to: '/marketplace', search: ({ image: _image, ...rest }) => rest, replace: true }),
    [navigate],
  );
  const signInFirst = useCallback(
    () =>
      void navigate({
        to: '/auth/$type',
        params: { type: 'signin' },
        search: { next: `/marketplace?image=${encodeURIComponent(image ?? '')}` },
        replace: true,
      }),
    [navigate, image],
  );
  return <MarketplacePage prefillImageUrl={image} onPrefillHandled={dropImageParam} onSignInRequired={signInFirst} />;
}

export const Route = createLazyRoute('/marketplace')({ component: MarketplaceRoute });
