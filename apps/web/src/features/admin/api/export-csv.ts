/**
 * @module The addresses of the CSV exports (GET /admin/export-users.csv and
 * /admin/export-audit-events.csv) with the list's current filters: a plain link, so the browser
 * downloads the streamed file itself (with the session cookie) instead of the app holding it all.
 */
import { CLIENT_DEFAULTS } from '@latchkey/client';

export function exportUrl(baseURL: string, path: string, query: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    // Paging is the screen's; the export is every row the filters select.
    if (value === undefined || value === null || name === 'limit' || name === 'offset') continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return new URL(`${CLIENT_DEFAULTS.basePath}${path}${search ? `?${search}` : ''}`, baseURL).toString();
}
