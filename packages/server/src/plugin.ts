/**
 * @module The plugin contract (better-auth's shape): a plugin is one value declaring its endpoints
 * and its migrations. The engine merges what enabled plugins declare and never imports a plugin.
 */
import type { AnyEndpoint } from './endpoint';
import type { Migration } from './db/migrate';

export interface Plugin {
  readonly id: string;
  readonly endpoints?: readonly AnyEndpoint[];
  readonly migrations?: readonly Migration[];
}
