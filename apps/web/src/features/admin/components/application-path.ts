/**
 * @module The address of an application's page in the admin console.
 */
export function applicationPath(clientId: string, edit = false): string {
  return `/admin/applications/${encodeURIComponent(clientId)}${edit ? '/edit' : ''}`;
}
