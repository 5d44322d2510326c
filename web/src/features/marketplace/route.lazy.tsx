import { createLazyRoute } from '@tanstack/react-router';
import { MarketplacePage } from './MarketplacePage';

export const Route = createLazyRoute('/marketplace')({ component: MarketplacePage });
