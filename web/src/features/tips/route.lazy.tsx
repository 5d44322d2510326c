import { createLazyRoute } from '@tanstack/react-router';
import { TipsPage } from './TipsPage';

export const Route = createLazyRoute('/tips')({ component: TipsPage });
