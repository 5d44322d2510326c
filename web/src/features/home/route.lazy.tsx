import { createLazyRoute } from '@tanstack/react-router';
import { HomePage } from './HomePage';

export const Route = createLazyRoute('/')({ component: HomePage });
