/**
 * The rows `latchkey seed` writes: the documented address pattern, numbers read back only from
 * addresses and slugs that follow it, and organizations whose owners and members spread over the
 * seeded users, one membership per user and organization.
 */
import { describe, expect, it } from 'vitest';
import { seedEmail, seedNumber, seedOrganizationNumber, seedOrganizationRows, seedUserRows } from './seed-rows';

let counter = 0;
const newId = () => `id-${++counter}`;

describe('seeded rows', () => {
  it('reads a number back only from an address or slug of the seeded pattern', () => {
    expect(seedNumber(seedEmail(42))).toBe(42);
    for (const other of ['seed-user-ann@example.com', 'seed-user-042@example.com', 'seed-user-7@example.org', 'x'])
      expect(seedNumber(other)).toBeUndefined();
    expect(seedOrganizationNumber('seed-org-9')).toBe(9);
    expect(seedOrganizationNumber('seed-org-9-b')).toBeUndefined();
  });

  it('gives every user a password account with the one shared hash, created in number order', () => {
    const end = new Date('2026-01-01T00:00:00Z');
    const rows = seedUserRows({ from: 3, to: 6, last: 9 }, '$argon2id$hash', end, newId);
    expect(rows.users.map((u) => u.email)).toEqual([
      'seed-user-3@example.com',
      'seed-user-4@example.com',
      'seed-user-5@example.com',
    ]);
    expect(rows.accounts.map((a) => [a.userId, a.accountId, a.providerId, a.password])).toEqual(
      rows.users.map((u) => [u.id, u.id, 'credential', '$argon2id$hash']),
    );
    expect(rows.users.every((u) => u.emailVerified)).toBe(true);
    expect(rows.users.map((u) => end.getTime() - u.createdAt.getTime())).toEqual([6, 5, 4]);
  });

  it('gives each organization one owner, distinct members and a default team with the owner', () => {
    const users = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const rows = seedOrganizationRows({ from: 4, to: 7, first: 2 }, users, new Date(), newId);
    expect(rows.organizations.map((o) => o.slug)).toEqual(['seed-org-4', 'seed-org-5', 'seed-org-6']);
    for (const organization of rows.organizations) {
      const members = rows.members.filter((m) => m.organizationId === organization.id);
      expect(members.filter((m) => m.role === 'owner')).toHaveLength(1);
      expect(new Set(members.map((m) => m.userId)).size).toBe(5);
      const team = rows.teams.find((t) => t.organizationId === organization.id);
      expect(rows.teamMembers.find((tm) => tm.teamId === team?.id)?.userId).toBe(
        members.find((m) => m.role === 'owner')?.userId,
      );
    }
    // Positions count from the run's first organization: seed-org-4 is the third, owned by users[2].
    expect(rows.members[0]).toMatchObject({ userId: 'c', role: 'owner' });
    // With fewer users than a full organization, everyone is in it, once.
    const small = seedOrganizationRows({ from: 1, to: 2, first: 1 }, ['a', 'b'], new Date(), newId);
    expect(small.members.map((m) => [m.userId, m.role])).toEqual([
      ['a', 'owner'],
      ['b', 'member'],
    ]);
  });
});
