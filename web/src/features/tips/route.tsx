import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { TipsPage } from './TipsPage';

export const tipsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/tips', component: TipsPage });
