/**
 * @module Fetch Metadata (`Sec-Fetch-*`, sent by every current browser): whether a request that
 * arrived by GET was the person's own doing. A mailed link opened from a mail program (`none`),
 * this site's own pages and fetches (`same-origin`, `same-site`), and a link the person clicked on
 * another site, a webmail's say (`navigate` with `Sec-Fetch-User: ?1`), are; a navigation another
 * site started by itself (a redirect, a script, an `<img>` or a frame) is not.
 */
import type { RequestHeaders } from './transport';

export function isPersonInitiated(headers: RequestHeaders): boolean {
  const site = headers.get('sec-fetch-site');
  // No Fetch Metadata: an older browser or not a browser. Nothing tells, so nothing is refused.
  if (site === null) return true;
  if (site === 'same-origin' || site === 'same-site' || site === 'none') return true;
  return headers.get('sec-fetch-mode') === 'navigate' && headers.get('sec-fetch-user') === '?1';
}
