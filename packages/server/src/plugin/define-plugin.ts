/**
 * @module The plugin contract (better-auth's shape): a plugin is one value declaring its
 * endpoints, migrations, the columns it adds to core tables, the fields it accepts in core request
 * bodies (by endpoint id, never by path), its error catalogue, its events, hooks, and the rows that expire. The engine merges what enabled plugins
 * declare and never imports a plugin. The type parameters keep what a plugin declares, so
 * `createAuth` can type `auth.api`, `auth.endpoints` and the client from them (`auth/auth-types.ts`).
 */
import type { PluginHooks } from '../auth/context';
import type { Migration } from '../db/migrate';
import type { AnyEndpoint } from '../endpoint/define-endpoint';
import type { ErrorCatalogue } from '../endpoint/errors';
import type { AuthEventType } from './event-registry';
import type { BodyFields, ExpiringRows, FieldDeclarations } from './declarations';

export type {
  OrganizationFacts,
  OrganizationMembership,
  PluginHooks,
  SignInContinuation,
  SignInRequest,
} from '../auth/context';
export type {
  BodyFields,
  ExpiringRows,
  ExtensibleEndpointId,
  FieldDeclaration,
  FieldDeclarations,
  FieldType,
  PluginDeclarations,
} from './declarations';

/**
 * `E` is the union of the plugin's endpoints, `B` its body fields by endpoint id, `U` and `S` the
 * columns it adds to user and session, `C` the codes of its error entries, `V` the types of the
 * events it declares. The defaults are the widest of each: `Plugin` alone is any
 * plugin, which is what the engine's runtime code works with.
 */
export interface Plugin<
  E extends AnyEndpoint = AnyEndpoint,
  B extends BodyFields = BodyFields,
  U extends FieldDeclarations = FieldDeclarations,
  S extends FieldDeclarations = FieldDeclarations,
  C extends string = string,
  V extends AuthEventType = AuthEventType,
> {
  readonly id: string;
  readonly endpoints?: readonly E[];
  readonly migrations?: readonly Migration[];
  /** Columns the plugin's migrations add to core tables, so rows are read with the right types. */
  readonly fields?: { readonly user?: U; readonly session?: S };
  readonly bodyFields?: B;
  /** The entries its endpoints throw, so an auth's error codes are the core's and its plugins' (`AuthErrorCode`). */
  readonly errors?: ErrorCatalogue<C>;
  readonly hooks?: PluginHooks;
  /**
   * The events it adds to the registry (its `events.ts` declares them there too), so that an auth
   * knows what its plugins may emit (`AuthEventTypeOf`); core events it emits are not repeated.
   */
  readonly events?: readonly V[];
  /** Rows of its tables that expire, for the engine's background job to delete. */
  readonly expiringRows?: readonly ExpiringRows[];
}

/** The declarations of a plugin that adds no body fields or no columns. */
type None = Record<never, never>;

/**
 * Freezes a plugin and keeps its declarations' precise types: a factory returning
 * `definePlugin({...})` gives `createAuth` its endpoints and fields without writing them twice.
 * Declarations a plugin leaves out infer as none, not as "anything".
 */
export function definePlugin<
  E extends AnyEndpoint = never,
  B extends BodyFields = None,
  U extends FieldDeclarations = None,
  S extends FieldDeclarations = None,
  C extends string = never,
  V extends AuthEventType = never,
>(plugin: Plugin<E, B, U, S, C, V>): Plugin<E, B, U, S, C, V> {
  return Object.freeze(plugin);
}
