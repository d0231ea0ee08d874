import type { RouteObject } from 'react-router';
import { OutboxPage } from './components/outbox-page';

export const outboxRoutes: RouteObject[] = [{ path: 'dev/outbox', element: <OutboxPage /> }];
