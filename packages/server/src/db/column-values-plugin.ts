/**
 * @module The one place where dialects' values meet the engine's. Stores, routes and plugins see
 * `Date` for every date column, `boolean` for every boolean column and `number` for every count,
 * on every dialect, and write `Date` and `boolean` as they are:
 *
 * - reads: this plugin turns what the driver gives for a date or boolean column (SQLite: ISO text,
 *   or epoch milliseconds from better-auth, and 0/1; MySQL: 0/1) into `Date` and `boolean`,
 *   knowing the columns by name from the migrations (column-kinds.ts). A column selected under
 *   another name keeps its kind when the alias is `table.column`;
 * - writes: better-sqlite3 binds no Dates or booleans, so on SQLite this plugin writes Dates as ISO
 *   text (which sorts and compares correctly as text) and booleans as 0/1, as better-auth does;
 * - counts: PostgreSQL's `count(*)` is an int8, which pg answers as a string; the pool parses it
 *   as a number (create-database.ts). MySQL and SQLite answer numbers already.
 */
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import type { ColumnKind, ColumnKinds } from './column-kinds';
import type { Dialect } from './schema';

function toSqlite(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

class SqliteValueTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: toSqlite(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(toSqlite) };
  }
}

function read(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (kind === 'date') return value instanceof Date ? value : new Date(value as string | number);
  return value === true || value === 1 || value === '1';
}

function kindOf(kinds: ColumnKinds, key: string): ColumnKind | undefined {
  return kinds.get(key.slice(key.lastIndexOf('.') + 1));
}

export class ColumnValuesPlugin implements KyselyPlugin {
  readonly #writer: SqliteValueTransformer | null;
  readonly #kinds: Promise<ColumnKinds>;

  /** `kinds` is awaited by the first result: a failure to read them fails every query, loudly. */
  constructor(dialect: Dialect, kinds: Promise<ColumnKinds>) {
    this.#writer = dialect === 'sqlite' ? new SqliteValueTransformer() : null;
    this.#kinds = kinds;
    kinds.catch(() => {});
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#writer ? this.#writer.transformNode(args.node) : args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const kinds = await this.#kinds;
    for (const row of args.result.rows) {
      for (const key in row) {
        const kind = kindOf(kinds, key);
        if (kind) row[key] = read(kind, row[key]);
      }
    }
    return args.result;
  }
}
