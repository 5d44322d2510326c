import { createContext, useContext } from 'react';
import { createHttpMarketplaceBackend, type MarketplaceBackend } from '../../backend/marketplace';

/** The real API client by default; tests provide a fake through the context. */
export const MarketplaceBackendContext = createContext<MarketplaceBackend>(createHttpMarketplaceBackend());

export function useMarketplaceBackend(): MarketplaceBackend {
  return useContext(MarketplaceBackendContext);
}
