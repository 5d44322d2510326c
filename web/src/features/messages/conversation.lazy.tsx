import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { ConversationPage } from './ConversationPage';

const routeApi = getRouteApi('/_signedIn/messages/$id');

function ConversationRoute() {
  const { id } = routeApi.useParams();
  // Another conversation starts with an empty composer.
  return <ConversationPage key={id} id={id} />;
}

export const Route = createLazyRoute('/_signedIn/messages/$id')({ component: ConversationRoute });
