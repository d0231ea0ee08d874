/**
 * @module The plugin contract (better-auth's shape): a plugin is one value declaring its
 * endpoints, migrations, the columns it adds to core tables, the fields it accepts in core request
 * bodies (by endpoint id, never by path), and hooks. The engine merges what enabled plugins
 * declare and never imports a plugin. The type parameters keep what a plugin declares, so
 * `createAuth` can type `auth.api`, `auth.endpoints` and the client from them (`auth-types.ts`).
 */
import type { z } from 'zod';
import type { AuthContext } from './context';
import type { Session, User } from './db/records';
import type { Migration } from './db/migrate';
import type { AnyEndpoint } from './endpoint';
import type { CurrentSession } from './session/current-session';

export type FieldType = 'string' | 'boolean' | 'date' | 'number';

/**
 * A column a plugin adds to user or session. A bare type is a nullable column, as most added
 * columns are (a user without a username); `notNull` marks a column whose every row has a value
 * (a role with its default), so its type carries no `null`.
 */
export type FieldDeclaration = FieldType | { readonly type: FieldType; readonly notNull: true };

export type FieldDeclarations = Readonly<Record<string, FieldDeclaration>>;

/** Core endpoints whose body a plugin may extend. */
export type ExtensibleEndpointId = 'signUpEmail' | 'updateUser';

export type BodyFields = Partial<Record<ExtensibleEndpointId, z.ZodRawShape>>;

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
  /**
   * Deletes the user row of an account deletion (POST /delete-user and its mailed link) in the
   * plugin's stead, for a plugin that must guard it (the admin plugin keeps the last admin): throw
   * an AuthError to refuse. The first plugin that declares it does the deletion.
   */
  deleteUser?(userId: string, auth: AuthContext): Promise<void>;
  /** Narrows the sessions GET /list-sessions shows their owner (impersonation sessions, say). */
  visibleSessions?(sessions: Session[], viewer: CurrentSession): Session[];
}

/**
 * `E` is the union of the plugin's endpoints, `B` its body fields by endpoint id, `U` and `S` the
 * columns it adds to user and session. The defaults are the widest of each: `Plugin` alone is any
 * plugin, which is what the engine's runtime code works with.
 */
export interface Plugin<
  E extends AnyEndpoint = AnyEndpoint,
  B extends BodyFields = BodyFields,
  U extends FieldDeclarations = FieldDeclarations,
  S extends FieldDeclarations = FieldDeclarations,
> {
  readonly id: string;
  readonly endpoints?: readonly E[];
  readonly migrations?: readonly Migration[];
  /** Columns the plugin's migrations add to core tables, so rows are read with the right types. */
  readonly fields?: { readonly user?: U; readonly session?: S };
  readonly bodyFields?: B;
  readonly hooks?: PluginHooks;
}

/** The declarations of a plugin that adds no body fields or no columns. */
type None = Record<never, never>;

/**
 * Freezes a plugin and keeps its declarations' precise types: a factory returning
 * `definePlugin({...})` gives `createAuth` its endpoints and fields without writing them twice.
 * Declarations a plugin leaves out infer as none, not as "anything".
 */
export function definePlugin<E extends AnyEndpoint = never, B extends BodyFields = None, U extends FieldDeclarations = None, S extends FieldDeclarations = None>(
  plugin: Plugin<E, B, U, S>,
): Plugin<E, B, U, S> {
  return Object.freeze(plugin);
}
