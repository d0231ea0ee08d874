/**
 * @module The development outbox (`GET /api/dev/outbox`): outside the auth API, so read with plain
 * fetch. It answers 404 when the server sends real mail or runs in production; the app then hides
 * the page and its link, and the "check your mail" screens do not point to it.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuth, type AppAuth } from './auth';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
  sentAt: string;
}

export const OUTBOX_PATH = '/api/dev/outbox';
/** The app's page that lists the outbox. */
export const OUTBOX_PAGE_PATH = '/dev/outbox';

/** null: this server has no development outbox. */
export async function getOutbox({ baseURL, fetch }: Pick<AppAuth, 'baseURL' | 'fetch'>): Promise<OutboxMail[] | null> {
  const response = await fetch(new URL(OUTBOX_PATH, baseURL), {
    headers: { accept: 'application/json' },
    cache: 'no-store',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The outbox answered ${response.status}`);
  const body = (await response.json()) as { mails: OutboxMail[] };
  return body.mails;
}

export function useOutbox(options: { refetchInterval?: number } = {}) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['dev-outbox'],
    queryFn: () => getOutbox(auth),
    refetchInterval: options.refetchInterval ?? false,
  });
}

export function useHasDevOutbox(): boolean {
  const { data } = useOutbox();
  return Array.isArray(data);
}
