import { createLazyRoute } from '@tanstack/react-router';
import { ReportsPage } from './ReportsPage';

export const Route = createLazyRoute('/_signedIn/admin/reports')({ component: ReportsPage });
