import { useCallback } from 'react';
import { createLazyRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { MarketplacePage } from './MarketplacePage';

const routeApi = getRouteApi('/marketplace');

function MarketplaceRoute() {
  const { image, edit, piece } = routeApi.useSearch();
  const navigate = useNavigate();
  const dropPrefillParams = useCallback(
    // The listing search in the address stays; only the handled prefill goes.
    () =>
      void navigate({
        to: '/marketplace',
        search: ({ image: _image, edit: _edit, piece: _piece, ...rest }) => rest,
        replace: true,
      }),
    [navigate],
  );
  const signInFirst = useCallback(() => {
    const prefill = Object.entries({ image, edit, piece })
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
      .join('&');
    void navigate({
      to: '/auth/$type',
      params: { type: 'signin' },
      search: { next: `/marketplace?${prefill}` },
      replace: true,
    });
  }, [navigate, image, edit, piece]);
  return (
    <MarketplacePage
      prefill={{ imageUrl: image, editId: edit, pieceId: piece }}
      onPrefillHandled={dropPrefillParams}
      onSignInRequired={signInFirst}
    />
  );
}

export const Route = createLazyRoute('/marketplace')({ component: MarketplaceRoute });
