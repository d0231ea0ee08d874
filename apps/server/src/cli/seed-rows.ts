/**
 * @module The rows `latchkey seed` writes, as plain values: users numbered from 1 with one
 * documented e-mail pattern and password, their password accounts, and organizations each owned
 * by one seeded user with a few others as members and, as `organization/create` makes with teams
 * on, a default team holding the owner.
 */
export const SEED_PASSWORD = 'latchkey-seed-password';
export const SEED_EMAIL_PATTERN = 'seed-user-<n>@example.com';
/** Seeded users' addresses share this start; the largest <n> tells a later run where to go on. */
export const SEED_EMAIL_PREFIX = 'seed-user-';
const SEED_EMAIL_DOMAIN = '@example.com';
export const SEED_SLUG_PREFIX = 'seed-org-';
/** An organization's owner plus this many members, when that many users were seeded. */
const MEMBERS_PER_ORGANIZATION = 4;

export const seedEmail = (n: number) => `${SEED_EMAIL_PREFIX}${n}${SEED_EMAIL_DOMAIN}`;

/** The <n> of a seeded address, or undefined for any other address. */
export function seedNumber(email: string): number | undefined {
  const match = /^seed-user-([1-9]\d*)@example\.com$/.exec(email);
  return match ? Number(match[1]) : undefined;
}

/** The <n> of a seeded organization's slug, or undefined for any other slug. */
export function seedOrganizationNumber(slug: string): number | undefined {
  const match = /^seed-org-([1-9]\d*)$/.exec(slug);
  return match ? Number(match[1]) : undefined;
}

export interface SeedUserRows {
  users: Array<{
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    createdAt: Date;
    updatedAt: Date;
  }>;
  accounts: Array<{
    id: string;
    accountId: string;
    providerId: string;
    userId: string;
    password: string;
    createdAt: Date;
    updatedAt: Date;
  }>;
}

/**
 * Users `numbers` with their password accounts. Each is created a millisecond after the one
 * before, ending at `end`, so lists sorted by creation show them in number order.
 */
export function seedUserRows(
  numbers: { from: number; to: number; last: number },
  passwordHash: string,
  end: Date,
  newId: () => string,
): SeedUserRows {
  const rows: SeedUserRows = { users: [], accounts: [] };
  for (let n = numbers.from; n < numbers.to; n++) {
    const id = newId();
    const at = new Date(end.getTime() - (numbers.last - n));
    // Verified: a server with REQUIRE_EMAIL_VERIFICATION lets seeded users sign in too.
    rows.users.push({
      id,
      name: `Seed User ${n}`,
      email: seedEmail(n),
      emailVerified: true,
      createdAt: at,
      updatedAt: at,
    });
    rows.accounts.push({
      id: newId(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      createdAt: at,
      updatedAt: at,
    });
  }
  return rows;
}

export interface SeedOrganizationRows {
  organizations: Array<{ id: string; name: string; slug: string; logo: null; metadata: null; createdAt: Date }>;
  members: Array<{ id: string; organizationId: string; userId: string; role: string; teamId: null; createdAt: Date }>;
  teams: Array<{ id: string; name: string; organizationId: string; createdAt: Date; updatedAt: Date }>;
  teamMembers: Array<{ id: string; teamId: string; userId: string; createdAt: Date }>;
}

/**
 * Organizations [from, to) of a run that began at `first`; the one at position i = n - first is
 * owned by user i mod |users| and has the users after it as members, so owners and memberships
 * spread over all of `userIds` (this run's users, at least one).
 */
export function seedOrganizationRows(
  numbers: { from: number; to: number; first: number },
  userIds: readonly string[],
  now: Date,
  newId: () => string,
): SeedOrganizationRows {
  const rows: SeedOrganizationRows = { organizations: [], members: [], teams: [], teamMembers: [] };
  const size = Math.min(userIds.length, 1 + MEMBERS_PER_ORGANIZATION);
  for (let n = numbers.from; n < numbers.to; n++) {
    const position = n - numbers.first;
    const organizationId = newId();
    const name = `Seed Organization ${n}`;
    rows.organizations.push({
      id: organizationId,
      name,
      slug: `${SEED_SLUG_PREFIX}${n}`,
      logo: null,
      metadata: null,
      createdAt: now,
    });
    for (let k = 0; k < size; k++) {
      const userId = userIds[(position + k) % userIds.length]!;
      rows.members.push({
        id: newId(),
        organizationId,
        userId,
        role: k === 0 ? 'owner' : 'member',
        teamId: null,
        createdAt: now,
      });
    }
    const teamId = newId();
    rows.teams.push({ id: teamId, name, organizationId, createdAt: now, updatedAt: now });
    rows.teamMembers.push({ id: newId(), teamId, userId: userIds[position % userIds.length]!, createdAt: now });
  }
  return rows;
}
