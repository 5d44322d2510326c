import { createRoute, redirect } from '@tanstack/react-router';
import { resolveLegalSection } from '@flipstage/core';
import { rootRoute } from '../../app/rootRoute';
import { LegalPage } from './LegalPage';

export const legalIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/legal',
  beforeLoad: () => {
    throw redirect({ to: '/legal/$section', params: { section: 'terms-of-service' } });
  },
});

export const legalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/legal/$section',
  component: function LegalRouteComponent() {
    const { section } = legalRoute.useParams();
    return <LegalPage section={resolveLegalSection(section)} />;
  },
});
