/**
 * @module Which columns hold dates and which booleans, read from the migrations themselves (the
 * core's and every plugin's), so a plugin's tables are read right without declaring them twice.
 * The migrations are replayed against a driver that runs nothing, and the columns their
 * `CREATE TABLE` and `ALTER TABLE` statements define are noted with their type: `t.date` is a
 * date, `t.bool` a boolean. A migration therefore declares those columns with `t.date` and
 * `t.bool`, and must not depend on what its queries find (on the replay they find no rows).
 */
import {
  DataTypeNode,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type ColumnDefinitionNode,
  type KyselyPlugin,
  type RootOperationNode,
  type TableNode,
} from 'kysely';
import { columnTypes } from './column-types';
import type { Migration } from './migrate';

export type ColumnKind = 'date' | 'boolean';

/** Kinds by column name: results carry no table, so a name means one kind in every table. */
export type ColumnKinds = ReadonlyMap<string, ColumnKind>;

/** The replay runs with PostgreSQL's types, whose names say what the column holds. */
const REPLAY_TYPES = columnTypes('postgres');
/** The replay runs nothing, so nothing it would log is true. */
const SILENT = { info() {}, warn() {}, error() {} };

function kindOf(definition: ColumnDefinitionNode): ColumnKind | 'other' {
  const type = DataTypeNode.is(definition.dataType) ? definition.dataType.dataType : '';
  if (type === REPLAY_TYPES.date) return 'date';
  if (type === REPLAY_TYPES.bool) return 'boolean';
  return 'other';
}

type Tables = Map<string, Map<string, ColumnKind | 'other'>>;

function tableName(node: { table: TableNode }): string {
  return node.table.table.identifier.name;
}

function record(tables: Tables, node: RootOperationNode): void {
  if (node.kind === 'CreateTableNode') {
    tables.set(tableName(node), new Map(node.columns.map((c) => [c.column.column.name, kindOf(c)])));
  } else if (node.kind === 'DropTableNode') {
    tables.delete(tableName(node));
  } else if (node.kind === 'AlterTableNode') {
    const name = tableName(node);
    const columns = tables.get(name) ?? new Map<string, ColumnKind | 'other'>();
    tables.set(name, columns);
    for (const alteration of node.columnAlterations ?? []) {
      if (alteration.kind === 'AddColumnNode' || alteration.kind === 'ModifyColumnNode') {
        columns.set(alteration.column.column.column.name, kindOf(alteration.column));
      } else if (alteration.kind === 'DropColumnNode') {
        columns.delete(alteration.column.column.name);
      } else if (alteration.kind === 'RenameColumnNode') {
        const kind = columns.get(alteration.column.column.name) ?? 'other';
        columns.delete(alteration.column.column.name);
        columns.set(alteration.renameTo.column.name, kind);
      }
    }
    if (node.renameTo) {
      tables.delete(name);
      tables.set(node.renameTo.table.identifier.name, columns);
    }
  }
}

function recorder(tables: Tables): Kysely<unknown> {
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      record(tables, node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [plugin],
  });
}

/**
 * Fails when one column name is a date or boolean in one table and of another type in another,
 * since a result row could not tell which it is.
 */
export async function readColumnKinds(migrations: readonly Migration[]): Promise<ColumnKinds> {
  const tables: Tables = new Map();
  const db = recorder(tables);
  // In the order the Migrator runs them on an empty database.
  for (const migration of [...migrations].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    try {
      await migration.up(db, REPLAY_TYPES, SILENT);
    } catch (error) {
      throw new Error(`Latchkey: the columns of migration ${migration.name} could not be read`, { cause: error });
    }
  }
  const kinds = new Map<string, ColumnKind>();
  const seen = new Map<string, { kind: ColumnKind | 'other'; table: string }>();
  for (const [table, columns] of tables) {
    for (const [column, kind] of columns) {
      const first = seen.get(column);
      if (first && first.kind !== kind) {
        throw new Error(
          `Latchkey: column "${column}" is ${describe(first.kind)} in table "${first.table}" but ${describe(kind)} ` +
            `in "${table}"; a column name must hold one kind of value in every table.`,
        );
      }
      if (!first) seen.set(column, { kind, table });
      if (kind !== 'other') kinds.set(column, kind);
    }
  }
  return kinds;
}

function describe(kind: ColumnKind | 'other'): string {
  return kind === 'other' ? 'neither a date nor a boolean' : `a ${kind}`;
}
