import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { resolveSettingsSection } from '@flipstage/core';
import { SettingsPage } from './SettingsPage';

const routeApi = getRouteApi('/_signedIn/settings/$section');

function SettingsScreen() {
  const { section } = routeApi.useParams();
  return <SettingsPage section={resolveSettingsSection(section)} />;
}

export const Route = createLazyRoute('/_signedIn/settings/$section')({ component: SettingsScreen });
