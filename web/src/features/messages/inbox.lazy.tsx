import { createLazyRoute } from '@tanstack/react-router';
import { InboxPage } from './InboxPage';

export const Route = createLazyRoute('/_signedIn/messages')({ component: InboxPage });
