/**
 * @module The bulk seeder of bulk-seed.ts for MySQL/MariaDB: the same users, sessions and
 * organization, in the shape the server writes them on MySQL: `datetime(3)` in UTC, booleans as
 * 0/1, ids of 32 letters and digits (`benchu` and row i's number, zero-padded, so keys still grow
 * with i), session tokens as the hex SHA-256 digest the server keeps. Each kind is one
 * INSERT … SELECT per million rows.
 *
 * The series is a 1,000-row numbers table cross-joined with itself, not a recursive CTE: MariaDB
 * materialises a recursive CTE into a temporary table (a million rows spill to disk) and stops it
 * at `max_recursive_iterations`, while a cross join streams. The table lives in the bench's own
 * database and goes in `settle()`.
 */
import mysql from 'mysql2/promise';
import { BASE_EPOCH_SECONDS, chunks, type BulkSeeder } from './bulk-seed';

const NUMBERS_TABLE = 'bench_numbers';
const SIDE = 1_000;

const series = `from ${NUMBERS_TABLE} a cross join ${NUMBERS_TABLE} b`;
/** Row i of a chunk [from, to): `?` are from, and the chunk's length. */
const position = `(? + a.i * ${SIDE} + b.i)`;
const inChunk = `where a.i * ${SIDE} + b.i < ?`;
const pad = (expr: string, width = 8) => `lpad(${expr}, ${width}, '0')`;
/** An id as long as the server's (32 letters and digits): a 6-letter kind, then the number. */
const id = (kind: string, expr: string) => `concat('${kind}', lpad(${expr}, ${32 - kind.length}, '0'))`;
/** The connection's time zone is UTC (below), as the server's pool writes its dates. */
const at = (expr: string) => `from_unixtime(${BASE_EPOCH_SECONDS} + ${expr})`;

/** Each statement selects from the cross join of `n` (one derived column `i`, the row's number). */
const over = (columns: string) => `select ${columns} from (select ${position} as i ${series} ${inChunk}) n`;

const statements = {
  users: `insert into user (id, name, email, emailVerified, createdAt, updatedAt)
    ${over(`${id('benchu', 'i')}, concat('User ', ${pad('i')}), concat('user-', ${pad('i')}, '@bench.test'), false, ${at('i')}, ${at('i')}`)}`,
  // Spread in order over the users: `i * users div total`.
  sessions: `insert into session (id, token, userId, expiresAt, createdAt, updatedAt)
    ${over(
      `${id('benchs', 'i')}, sha2(concat('bench-token-', ${pad('i', 10)}), 256), ${id('benchu', 'i * ? div ?')}, utc_timestamp(3) + interval 30 day, ${at('i div 10')}, ${at('i div 10')}`,
    )}`,
  members: `insert into member (id, organizationId, userId, role, createdAt)
    ${over(`${id('benchm', 'i')}, ?, ${id('benchu', 'i')}, 'member', ${at('i')}`)}`,
  teams: `insert into team (id, name, organizationId, createdAt, updatedAt)
    ${over(`${id('bencht', 'i')}, concat('Team ', i), ?, ${at('i')}, ${at('i')}`)}`,
  teamMembers: `insert into teamMember (id, teamId, userId, createdAt)
    ${over(`${id('benchn', 'i')}, ${id('bencht', 'i mod ?')}, ${id('benchu', 'i')}, ${at('i')}`)}`,
};

export async function mysqlSeeder(url: string): Promise<BulkSeeder> {
  const connection = await mysql.createConnection({ uri: url.replace(/^mariadb:/i, 'mysql:'), timezone: 'Z' });
  // A bulk load into a database made for the bench and dropped after it: the rows are known to be
  // unique and to point at rows that exist, so InnoDB need not look, and a crash loses nothing.
  await connection.query(`set time_zone = '+00:00', unique_checks = 0, foreign_key_checks = 0`);
  await connection.query(`create table if not exists ${NUMBERS_TABLE} (i int primary key)`);
  await connection.query(`delete from ${NUMBERS_TABLE}`);
  const digits = Array.from({ length: SIDE }, (_, i) => [i]);
  await connection.query(`insert into ${NUMBERS_TABLE} (i) values ?`, [digits]);

  /** A statement's `?` in the order they come: the select list's, then the chunk's start and length. */
  const run = async (text: string, from: number, to: number, params: Array<string | number> = []) => {
    for (const [start, end] of chunks(from, to)) await connection.query(text, [...params, start, end - start]);
  };

  // The session token's unique index is the one index whose keys come at random (digests): a
  // million random inserts a statement into a B-tree larger than the default 128 MB buffer pool
  // would each wait for a page read. It is dropped for the load and built again, sorted, after.
  const [tokenIndexRows] = await connection.query<mysql.RowDataPacket[]>(
    `select index_name as name from information_schema.statistics
     where table_schema = database() and table_name = 'session' and column_name = 'token' and non_unique = 0`,
  );
  const tokenIndex = tokenIndexRows[0]?.name as string | undefined;
  if (tokenIndex === undefined) throw new Error('session.token has no unique index: has the server migrated?');
  let tokenIndexDropped = false;

  return {
    users: (from, to) => run(statements.users, from, to),
    async sessions(from, to, users) {
      if (!tokenIndexDropped) {
        await connection.query(`alter table session drop index \`${tokenIndex}\``);
        tokenIndexDropped = true;
      }
      await run(statements.sessions, from, to, [users, to]);
    },
    async organization(org, members, teams) {
      await run(statements.teams, 0, teams, [org]);
      await run(statements.members, 0, members, [org]);
      await run(statements.teamMembers, 0, members, [teams]);
    },
    async settle() {
      if (tokenIndexDropped) {
        await connection.query(`alter table session add unique index \`${tokenIndex}\` (token)`);
        tokenIndexDropped = false;
      }
      await connection.query(`drop table if exists ${NUMBERS_TABLE}`);
      // What the server's first reads would find after InnoDB's own sampling caught up.
      await connection.query('analyze table user, session, member, team, teamMember');
    },
    close: () => connection.end(),
  };
}
