/**
 * @module The columns plugins add to `user` and `session`, by type, so every store copies them
 * into its records and the cookie cache revives their dates.
 */
import type { FieldDeclaration, FieldType, PluginDeclarations } from '../plugin/declarations';

export interface ExtraFields {
  readonly user: ReadonlyMap<string, FieldType>;
  readonly session: ReadonlyMap<string, FieldType>;
}

export function collectExtraFields(plugins: readonly PluginDeclarations[]): ExtraFields {
  const user = new Map<string, FieldType>();
  const session = new Map<string, FieldType>();
  for (const plugin of plugins) {
    for (const [name, declared] of Object.entries(plugin.fields?.user ?? {})) user.set(name, typeOf(declared));
    for (const [name, declared] of Object.entries(plugin.fields?.session ?? {})) session.set(name, typeOf(declared));
  }
  return { user, session };
}

/** Reads need only the type: a NOT NULL column's value is converted like any other. */
function typeOf(declared: FieldDeclaration): FieldType {
  return typeof declared === 'string' ? declared : declared.type;
}

/** Copies the extra columns of `row` into `target` (values as the database layer reads them). */
export function readExtraFields(
  row: Record<string, unknown>,
  fields: ReadonlyMap<string, FieldType>,
  into: object,
): void {
  const target = into as Record<string, unknown>;
  for (const name of fields.keys()) target[name] = row[name] ?? null;
}

/** Names of the date fields, core and extra, that the cookie cache must turn back into Dates. */
export function dateFieldNames(fields: ReadonlyMap<string, FieldType>): string[] {
  return [
    'expiresAt',
    'createdAt',
    'updatedAt',
    ...[...fields].filter(([, type]) => type === 'date').map(([name]) => name),
  ];
}
