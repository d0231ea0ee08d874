/**
 * @module `latchkey import-better-auth --from URL`: moves a better-auth database (a SQLite file,
 * postgres:// or mysql://, with better-auth's default table and column names) into the Latchkey
 * database the server's configuration names (DATABASE_URL…), migrated first. Each table is copied
 * in one transaction, parents first, ids kept (import-better-auth/copy-table.ts); running it again
 * changes nothing and reports the rows as already present, and what Latchkey deleted since (a
 * revoked session, a used reset link) is not brought back (import-better-auth/import-ledger.ts). The secret is the server's own
 * (LATCHKEY_SECRET, or the development secret in the data folder), since provider tokens are
 * encrypted with it and the server must read them back.
 *
 * Exit codes: 0 imported (or already there); 1 refused (configuration, an unreadable source, rows
 * left out, a table that failed); 2 bad usage.
 */
import { AuthError, createAuth } from '@latchkey/server';
import { importTargetOf, type ImportTarget } from '@latchkey/server/operations';
import { ConfigError, loadConfig } from '../config';
import { serverPlugins } from '../plugins';
import { StartupError, resolveSecret } from '../secret';
import type { CliIo } from './create-admin';
import { copyTable, type TableCounts } from './import-better-auth/copy-table';
import { ensureLedger } from './import-better-auth/import-ledger';
import { startProgress } from './progress';
import {
  SourceError,
  openSourceDatabase,
  sourceLocation,
  type SourceDatabase,
} from './import-better-auth/source-database';
import { leftOutLines, summaryLines, type TableOutcome } from './import-better-auth/summary';
import { undecryptableTwoFactor } from './import-better-auth/plugin-tables';
import { TABLE_PLANS } from './import-better-auth/table-plans';

const NAME = 'latchkey import-better-auth';
export const IMPORT_BETTER_AUTH_USAGE = `usage: ${NAME} --from DATABASE_URL (a SQLite file, postgres://… or mysql://…)`;

/** Runs the command; resolves to the process's exit code. */
export async function runImportBetterAuth(options: { from: string }, io: CliIo): Promise<number> {
  const fail = (message: string, code = 1) => {
    io.stderr(`${NAME}: ${message}`);
    return code;
  };
  if (!options.from?.trim()) return fail(`--from is required\n${IMPORT_BETTER_AUTH_USAGE}`, 2);
  try {
    const config = loadConfig(io.env, io.cwd);
    // Latchkey's migrations would change the better-auth database, and its sessions would stay in
    // clear: the move needs a database of Latchkey's own.
    if (sourceLocation(options.from.trim(), io.cwd).url === config.databaseUrl)
      return fail('--from names the database DATABASE_URL names: import into another database');
    const secret = resolveSecret({
      configured: config.secret,
      production: config.production,
      dataDir: config.dataDir,
      logger: { warn: (_obj, msg) => io.stderr(`${NAME}: ${msg ?? ''}`) },
    });
    const source = await openSourceDatabase(options.from.trim(), io.cwd);
    try {
      if (!source.tables.has('user')) return fail('--from has no "user" table: not a better-auth database');
      const auth = createAuth({
        baseURL: config.baseURL,
        secret,
        previousSecrets: [...config.previousSecrets],
        database: { url: config.databaseUrl },
        logger: {
          info() {},
          warn() {},
          error: (obj, msg) => io.stderr(`${NAME}: ${msg ?? ''} ${JSON.stringify(obj)}`),
        },
        prune: { enabled: false },
        // The server's plugins decide the target's tables and columns.
        plugins: serverPlugins(config),
      });
      try {
        await auth.migrate();
        const target = importTargetOf(auth);
        await ensureLedger(target.db);
        // better-auth's twoFactor secrets are encrypted with its secret: the server's, or a previous one.
        const secrets = [secret, ...config.previousSecrets];
        return await importTables(source, target, io, { direction: `${source.dialect} → ${config.dialect}`, secrets });
      } finally {
        await auth.close();
      }
    } finally {
      await source.close();
    }
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof StartupError ||
      error instanceof SourceError ||
      error instanceof AuthError
    ) {
      return fail(error.message);
    }
    throw error;
  }
}

async function importTables(
  source: SourceDatabase,
  target: ImportTarget,
  io: CliIo,
  { direction, secrets }: { direction: string; secrets: readonly string[] },
): Promise<number> {
  // A plugin the server does not run has no table here (passkeys before the server had them).
  const targetTables = new Set((await target.db.introspection.getTables()).map((table) => table.name));
  const present = TABLE_PLANS.filter((plan) => source.tables.has(plan.source) && targetTables.has(plan.target));
  if (source.tables.has('twoFactor') && targetTables.has('twoFactor')) {
    const refusal = await undecryptableTwoFactor(source, secrets);
    if (refusal !== null) {
      io.stderr(`${NAME}: nothing was imported: ${refusal}`);
      return 1;
    }
  }
  const totals = await Promise.all(present.map((plan) => source.count(plan.source)));
  const progress = await startProgress({
    format: 'Importing {detail} [{bar}] {percentage}% | {value}/{total} rows',
    total: totals.reduce((sum, n) => sum + n, 0),
    stream: process.stdout,
    clearOnComplete: true,
  });
  const outcomes: TableOutcome[] = [];
  let failure: string | undefined;
  // One clock for the whole run: "expired" means the same instant for every table.
  const now = new Date();
  try {
    for (const plan of TABLE_PLANS) {
      if (!source.tables.has(plan.source)) {
        outcomes.push({ table: plan.target, absent: true });
        continue;
      }
      if (!targetTables.has(plan.target)) {
        outcomes.push({ table: plan.target, notOnServer: await source.count(plan.source) });
        continue;
      }
      let counts: TableCounts;
      try {
        counts = await copyTable(source, target, plan, {
          now,
          secrets,
          onRows: (rows) => progress.increment(rows, plan.target.padEnd(12)),
        });
      } catch (error) {
        // Its transaction was rolled back; the tables after it may need its rows, so stop here.
        failure = `${plan.target}: nothing of this table was imported, nor of the tables after it: ${
          error instanceof Error ? error.message : String(error)
        }`;
        break;
      }
      outcomes.push(counts);
    }
  } finally {
    progress.stop();
  }
  io.stdout(`Moved in from better-auth (${direction}):`);
  for (const line of summaryLines(outcomes)) io.stdout(line);
  const leftOut = leftOutLines(outcomes);
  for (const line of leftOut) io.stderr(`${NAME}: ${line}`);
  if (failure !== undefined) {
    io.stderr(`${NAME}: ${failure}`);
    return 1;
  }
  return leftOut.length > 0 ? 1 : 0;
}
