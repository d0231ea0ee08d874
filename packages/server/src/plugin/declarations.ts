/**
 * @module What a plugin declares as data — the columns it adds to user and session, the fields it
 * adds to core request bodies — apart from its endpoints and hooks. A leaf: the options, the
 * stores and the context read these without importing the plugin contract (`plugin/define-plugin.ts`), which
 * itself refers to the context, so the engine's imports run one way.
 */
import type { z } from 'zod';

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

/**
 * Rows that expire and that nothing reads once they have, so a background job deletes them in
 * small batches (maintenance/prune-job.ts). The table must have an `id` primary key.
 */
export interface ExpiringRows {
  readonly table: string;
  /** The column holding the moment the row expires. */
  readonly expiresAt: string;
  /**
   * Seconds a row is kept past its expiry, while an answer still tells an expired row from a
   * missing one (an expired link answers `token_expired`, not `invalid_token`). Default 0.
   */
  readonly keepFor?: number;
  /** Only the rows whose `column` starts with `prefix` (one purpose of a shared table). */
  readonly only?: { readonly column: string; readonly prefix: string };
}

/** The part of a `Plugin` that the resolved options keep: every `Plugin` is one. */
export interface PluginDeclarations {
  readonly id: string;
  readonly fields?: { readonly user?: FieldDeclarations; readonly session?: FieldDeclarations };
  readonly bodyFields?: BodyFields;
}

interface FieldTypes {
  string: string;
  boolean: boolean;
  date: Date;
  number: number;
}

/** Nullable unless declared `notNull`, as `readExtraFields` answers a NULL column. */
type FieldValue<D> = D extends FieldType
  ? FieldTypes[D] | null
  : D extends { readonly type: infer T extends FieldType; readonly notNull: true }
    ? FieldTypes[T]
    : never;

/** Declarations as values. A map typed only as "any fields" (`Plugin` unparameterised) adds nothing known. */
export type FieldValues<M> = string extends keyof M
  ? Record<never, never>
  : { -readonly [K in keyof M]: FieldValue<M[K]> };
