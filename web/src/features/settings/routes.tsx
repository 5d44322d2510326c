import { createRoute, redirect } from '@tanstack/react-router';
import { resolveSettingsSection } from '@flipstage/core';
import { rootRoute } from '../../app/rootRoute';
import { requireSignedIn } from '../../app/guards';
import { SettingsPage } from './SettingsPage';

export const settingsIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: () => {
    throw redirect({ to: '/settings/$section', params: { section: 'general' } });
  },
});

export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings/$section',
  beforeLoad: requireSignedIn,
  component: function SettingsRouteComponent() {
    const { section } = settingsRoute.useParams();
    return <SettingsPage section={resolveSettingsSection(section)} />;
  },
});
