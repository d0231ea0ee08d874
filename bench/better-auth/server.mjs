/**
 * @module better-auth 1.7 on node:http, configured as Latchkey's standalone server runs: e-mail and
 * password, the username, admin and organization (with teams) plugins, SQLite in WAL mode, the
 * cookie cache (60 s) on or off, rate limit off. The bench's peer, started by
 * bench/support/better-auth-peer.ts.
 *
 * Env: PORT, DATABASE (SQLite file), COOKIE_CACHE=on|off.
 */
import { createServer } from 'node:http';
// Not a dependency of this package: node finds the root's copy up the tree, so the native module
// is compiled once for both servers.
import Database from 'better-sqlite3';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { admin, organization, username } from 'better-auth/plugins';

const port = Number(process.env.PORT);
const database = new Database(process.env.DATABASE);
// As Latchkey opens it: in the default rollback journal, each sign-in's write would block get-session's reads.
database.pragma('journal_mode = WAL');

const options = {
  database,
  baseURL: `http://127.0.0.1:${port}`,
  trustedOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
  secret: 'bench-secret-bench-secret-bench-secret-0123',
  emailAndPassword: { enabled: true },
  session: { cookieCache: { enabled: process.env.COOKIE_CACHE === 'on', maxAge: 60 } },
  // Every request comes from 127.0.0.1, which the limiter would stop at once.
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  plugins: [username(), admin(), organization({ teams: { enabled: true } })],
};

// The schema, as `npx auth migrate` would create it, so that the bench needs no CLI step.
await (await getMigrations(options)).runMigrations();

const server = createServer(toNodeHandler(betterAuth(options)));
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
