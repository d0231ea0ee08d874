/**
 * @module The plugin contract (better-auth's shape): a plugin is one value declaring its
 * endpoints, migrations, the columns it adds to core tables, the fields it accepts in core request
 * bodies (by endpoint id, never by path), and hooks. The engine merges what enabled plugins
 * declare and never imports a plugin.
 */
import type { z } from 'zod';
import type { AuthContext } from './context';
import type { Session, User } from './db/records';
import type { Migration } from './db/migrate';
import type { AnyEndpoint } from './endpoint';
import type { CurrentSession } from './session/current-session';

export type FieldType = 'string' | 'boolean' | 'date' | 'number';

/** Core endpoints whose body a plugin may extend. */
export type ExtensibleEndpointId = 'signUpEmail' | 'updateUser';

export interface PluginHooks {
  /**
   * The plugin's own fields of a sign-up (`userId` null) or update-user body, already validated by
   * the schema: check them (throw an AuthError), normalise them, and return the columns to store.
   */
  userInput?(input: Record<string, unknown>, context: { auth: AuthContext; userId: string | null }): Promise<Record<string, unknown>>;
  /** Runs before every session is created, whatever the way in: throw an AuthError to refuse. */
  beforeCreateSession?(user: User, auth: AuthContext): Promise<void>;
  /** Runs once a user row exists (sign-up, or a plugin's own user creation), before it is answered. */
  afterUserCreated?(user: User, auth: AuthContext): Promise<void>;
  /** Narrows the sessions GET /list-sessions shows their owner (impersonation sessions, say). */
  visibleSessions?(sessions: Session[], viewer: CurrentSession): Session[];
}

export interface Plugin {
  readonly id: string;
  readonly endpoints?: readonly AnyEndpoint[];
  readonly migrations?: readonly Migration[];
  /** Columns the plugin's migrations add to core tables, so rows are read with the right types. */
  readonly fields?: { readonly user?: Readonly<Record<string, FieldType>>; readonly session?: Readonly<Record<string, FieldType>> };
  readonly bodyFields?: Partial<Record<ExtensibleEndpointId, z.ZodRawShape>>;
  readonly hooks?: PluginHooks;
}
