/**
 * @module The client's User-Agent as stored beside a session, a trusted browser or an audit row:
 * cut to the columns' size, since the header's length is the client's to choose.
 */
import type { RequestHeaders } from './transport';

export const USER_AGENT_MAX = 512;

export function userAgentOf(headers: RequestHeaders | undefined): string | null {
  return headers?.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null;
}
