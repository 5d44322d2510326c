import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { resolveLegalSection } from '@flipstage/core';
import { LegalPage } from './LegalPage';

const routeApi = getRouteApi('/legal/$section');

function LegalScreen() {
  const { section } = routeApi.useParams();
  return <LegalPage section={resolveLegalSection(section)} />;
}

export const Route = createLazyRoute('/legal/$section')({ component: LegalScreen });
