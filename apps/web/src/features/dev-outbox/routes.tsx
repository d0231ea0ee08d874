/**
 * @module The development outbox's page; it loads on first visit (production servers have no
 * outbox, and nobody signing in needs it).
 */
import type { RouteObject } from '../../lib/router';
import { withTexts } from '../../lib/locale-bundles';

export const outboxRoutes: RouteObject[] = [
  {
    path: 'dev/outbox',
    lazy: withTexts(['outbox'], async () => ({ Component: (await import('./components/outbox-page')).OutboxPage })),
  },
];
