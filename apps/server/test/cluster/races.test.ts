/**
 * One-time resources raced across three instances behind the round-robin proxy, on PostgreSQL and
 * on MariaDB with Redis: of twenty parallel requests, spread over the instances, exactly one uses a
 * password-reset, e-mail verification, delete-account or change-email token, accepts an
 * invitation, or signs up with one e-mail or one username, and every other one answers the
 * catalogue's refusal; the organization limits (ORGANIZATION_LIMIT, MAXIMUM_TEAMS, the membership
 * limit, an organization's last team, its last owner) hold. Each test checks the answers and the
 * rows left.
 */
import { ERRORS, ORGANIZATION_DEFAULTS, type ErrorEntry } from '@latchkey/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeEach } from '../../../../test/describe-each';
import { verifyPassword } from '../../../../packages/server/src/crypto/password';
import { ORGANIZATION_ERRORS } from '../../../../packages/server/src/plugins/organization';
import { USERNAME_ERRORS } from '../../../../packages/server/src/plugins/username';
import { PASSWORD, startCluster, uniqueEmail, type Cluster } from '../support/cluster';
import {
  countIn,
  invitationStatuses,
  membersOf,
  openClusterDatabase,
  pendingTokens,
  rowId,
  rowsOfUser,
  seedInvitations,
  seedOrganization,
  seedTeams,
  seedUsers,
  type ClusterDatabase,
} from '../support/cluster-rows';

const PARALLEL = 20;
const ORGANIZATION_LIMIT = 3;
const MAXIMUM_TEAMS = 25;
const dialects = inject('redis') ? inject('dialects').filter((d) => d !== 'sqlite') : [];

type SignedUp = Awaited<ReturnType<Cluster['signedUp']>>;

describeEach('one-time resources raced across three instances', dialects, (dialect) => {
  let cluster: Cluster;
  let db: ClusterDatabase;

  beforeAll(async () => {
    // The standalone's defaults (the delete-account link and mailed confirmations on), and limits to race.
    cluster = await startCluster(dialect, {
      env: { ORGANIZATION_LIMIT: String(ORGANIZATION_LIMIT), MAXIMUM_TEAMS: String(MAXIMUM_TEAMS) },
    });
    db = openClusterDatabase(cluster.database.url);
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    await cluster?.close();
  });

  const browser = () => cluster.browser();
  const signedUp = () => cluster.signedUp(uniqueEmail('racer'));

  /** The token of the link in the mail `action` sends to `email`. */
  async function mailedToken(email: string, action: () => Promise<Response>): Promise<string> {
    const skip = cluster.mail.to(email).length;
    expect((await action()).status).toBe(200);
    const link = new URL((await cluster.mail.waitFor(email, { skip })).links[0]!);
    return link.searchParams.get('token') ?? link.pathname.split('/').pop()!;
  }

  /** Signed up, and the address verified from the user's own browser, whose cookie cache then says so. */
  async function verified(): Promise<SignedUp> {
    const user = await signedUp();
    const [mail] = cluster.mail.to(user.email);
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    expect((await user.browser.get(`/verify-email?token=${token}`)).status).toBe(200);
    return user;
  }

  let crewOnce: Promise<SignedUp[]> | undefined;
  /** Twenty users with verified addresses, shared by the organization races: signing up costs a hash each. */
  const crew = () => (crewOnce ??= Promise.all(Array.from({ length: PARALLEL }, verified)));

  /**
   * Sends `PARALLEL` requests at once through the proxy and answers the indexes of those that
   * succeeded: `admitted` of them (any number when null), every other one refused with one of `refusals`.
   */
  async function raced(
    send: (i: number) => Promise<Response>,
    refusals: readonly ErrorEntry[],
    admitted: number | null = 1,
  ): Promise<number[]> {
    // One open connection to the proxy per request, so that none waits for its handshake: spread
    // out by handshakes, the requests often missed each other, and a removed guard went unseen.
    await Promise.all(
      Array.from({ length: PARALLEL }, () => fetch(`${cluster.url}/api/auth/ok`).then((r) => r.text())),
    );
    const first = cluster.proxy.routed.length;
    const responses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => send(i)));
    expect(new Set(cluster.proxy.routed.slice(first))).toEqual(new Set(cluster.instances.map((i) => i.port)));
    const winners = responses.flatMap((response, i) => (response.status === 200 ? [i] : []));
    if (admitted !== null) expect(winners).toHaveLength(admitted);
    for (const response of responses.filter((r) => r.status !== 200)) {
      const { code, message } = (await response.json()) as { code: string; message: string };
      expect(refusals).toContainEqual({ status: response.status, code, message });
    }
    return winners;
  }

  describe('tokens', () => {
    // Guard: redeemToken's conditional delete of the token's row (packages/server/src/verification/one-time-token.ts).
    it('of twenty parallel resets with one token exactly one sets its password; the others answer 400 invalid token', async () => {
      const { email, userId } = await signedUp();
      const token = await mailedToken(email, () =>
        browser().post('/request-password-reset', { email, redirectTo: '/reset' }),
      );
      const passwords = Array.from({ length: PARALLEL }, (_, i) => `raced password number ${i}`);
      const [winner] = await raced(
        (i) => browser().post('/reset-password', { newPassword: passwords[i], token }),
        [ERRORS.invalidToken],
      );
      const { password } = await db
        .selectFrom('account')
        .select('password')
        .where('userId', '=', userId)
        .where('providerId', '=', 'credential')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(password!, passwords[winner!]!)).toBe(true);
      expect(await verifyPassword(password!, passwords[(winner! + 1) % PARALLEL]!)).toBe(false);
      expect(await pendingTokens(db, userId, 'reset-password')).toBe(0);
    });

    // Guard: redeemToken's conditional delete of the token's row (packages/server/src/verification/one-time-token.ts).
    it('of twenty parallel uses of one verification link exactly one verifies and signs in; the others answer 401 invalid token', async () => {
      const { email, userId } = await signedUp();
      const token = new URL(cluster.mail.to(email)[0]!.links[0]!).searchParams.get('token');
      await raced(() => browser().get(`/verify-email?token=${token}`), [ERRORS.invalidVerificationToken]);
      const user = await db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
      expect(Boolean(user?.emailVerified)).toBe(true);
      // The sign-up's session, and the one the single successful use signed in.
      expect(await rowsOfUser(db, userId)).toEqual({ users: 1, sessions: 2, accounts: 1 });
      expect(await pendingTokens(db, userId, 'email-verification')).toBe(0);
    });

    // Guard: redeemToken's conditional delete of the token's row (packages/server/src/verification/one-time-token.ts).
    it('of twenty parallel follows of one delete-account link exactly one deletes the account; the others answer 401 or 404', async () => {
      const { browser: holder, email, userId } = await signedUp();
      const token = await mailedToken(email, () => holder.post('/delete-user', { password: PASSWORD }));
      // A loser finds the token used (404, as better-auth answers) or, once the winner is done,
      // the session that opened the link gone with the account (401).
      await raced(
        () => holder.get(`/delete-user/callback?token=${token}`),
        [ERRORS.unknownDeleteAccountToken, ERRORS.unauthorized],
      );
      expect(await rowsOfUser(db, userId)).toEqual({ users: 0, sessions: 0, accounts: 0 });
      expect(await pendingTokens(db, userId, 'delete-account')).toBe(0);
    });

    // Guard: redeemToken's conditional delete of the token's row (packages/server/src/verification/one-time-token.ts).
    it('of twenty parallel uses of one change-email confirmation exactly one moves the account and mails the new address once', async () => {
      const { browser: holder, email, userId } = await verified();
      const newEmail = uniqueEmail('moved');
      const token = await mailedToken(email, () => holder.post('/change-email', { newEmail }));
      await raced(() => browser().get(`/verify-email?token=${token}`), [ERRORS.invalidVerificationToken]);
      const user = await db
        .selectFrom('user')
        .select(['email', 'emailVerified'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect({ email: user.email, emailVerified: Boolean(user.emailVerified) }).toEqual({
        email: newEmail,
        emailVerified: false,
      });
      expect(cluster.mail.to(newEmail)).toHaveLength(1);
      expect(await pendingTokens(db, userId, 'change-email')).toBe(0);
    });
  });

  describe('sign-ups', () => {
    // Guard: the unique index on user.email (packages/server/src/db/migrations/0001-core.ts).
    it('twenty parallel sign-ups with one e-mail make one user; the others answer 422 user already exists', async () => {
      const email = uniqueEmail('twin');
      await raced(
        (i) => browser().post('/sign-up/email', { email, password: PASSWORD, name: `Twin ${i}` }),
        [ERRORS.userAlreadyExistsUseAnotherEmail],
      );
      const users = await db.selectFrom('user').select('id').where('email', '=', email).execute();
      expect(users).toHaveLength(1);
      expect(await rowsOfUser(db, users[0]!.id)).toEqual({ users: 1, sessions: 1, accounts: 1 });
    });

    // Guard: the unique index on user.username (packages/server/src/plugins/username/schema.ts).
    it('twenty parallel sign-ups with one username make one user; the others answer 400 username is already taken', async () => {
      const username = `racer_${Date.now().toString(36)}`;
      const emails = Array.from({ length: PARALLEL }, () => uniqueEmail('handle'));
      await raced(
        (i) => browser().post('/sign-up/email', { email: emails[i], password: PASSWORD, name: 'Handle', username }),
        [USERNAME_ERRORS.usernameIsAlreadyTaken],
      );
      expect(await db.selectFrom('user').select('id').where('username', '=', username).execute()).toHaveLength(1);
      expect(await db.selectFrom('user').select('id').where('email', 'in', emails).execute()).toHaveLength(1);
    });
  });

  describe('organizations', () => {
    // Guard: joinByInvitation's status change conditional on `pending` (plugins/organization/store/invite-and-join.ts);
    // behind it the unique index on member(organizationId, userId).
    it('twenty parallel accepts of one invitation make exactly one member; the others answer 400', async () => {
      const owner = await signedUp();
      const created = await owner.browser.post('/organization/create', { name: 'Once', slug: rowId('once') });
      expect(created.status).toBe(200);
      const { id: organizationId } = (await created.json()) as { id: string };
      const [invitee] = await crew();
      const invited = await owner.browser.post('/organization/invite-member', {
        email: invitee!.email,
        role: 'member',
        organizationId,
      });
      expect(invited.status).toBe(200);
      const { id: invitationId } = (await invited.json()) as { id: string };
      // A loser finds the invitation settled, or, a moment later, its user a member already.
      await raced(
        () => invitee!.browser.post('/organization/accept-invitation', { invitationId }),
        [ORGANIZATION_ERRORS.invitationNotFound, ORGANIZATION_ERRORS.alreadyAMember],
      );
      const members = await membersOf(db, organizationId);
      expect(members.map((m) => m.userId).sort()).toEqual([owner.userId, invitee!.userId].sort());
      expect(await invitationStatuses(db, organizationId)).toEqual(['accepted']);
    });

    // Guard: joinByInvitation counts the seats and inserts behind the organization row's lock
    // (plugins/organization/store/invite-and-join.ts, inLockedTransaction).
    it(`twenty parallel accepts into an organization one seat short of its ${ORGANIZATION_DEFAULTS.membershipLimit} members admit one; the others answer 403`, async () => {
      const joiners = await crew();
      const [inviterId, ...seats] = await seedUsers(db, ORGANIZATION_DEFAULTS.membershipLimit - 1);
      const { organizationId } = await seedOrganization(db, [
        { userId: inviterId!, role: 'owner' },
        ...seats.map((userId) => ({ userId, role: 'member' })),
      ]);
      const invitationIds = await seedInvitations(
        db,
        organizationId,
        inviterId!,
        joiners.map((j) => j.email),
      );
      await raced(
        (i) => joiners[i]!.browser.post('/organization/accept-invitation', { invitationId: invitationIds[i] }),
        [ORGANIZATION_ERRORS.membershipLimitReached],
      );
      expect(await membersOf(db, organizationId)).toHaveLength(ORGANIZATION_DEFAULTS.membershipLimit);
      // A refused accept rolls back whole: its invitation stays pending.
      expect(await invitationStatuses(db, organizationId)).toEqual([
        'accepted',
        ...Array(PARALLEL - 1).fill('pending'),
      ]);
    });

    // Guard: inviteWithinLimit counts the seats and inserts behind the organization row's lock
    // (plugins/organization/store/invite-and-join.ts, inLockedTransaction).
    it('twenty parallel invitations into an organization one seat short of its limit create one; the others answer 403', async () => {
      const owner = await signedUp();
      const { organizationId } = await seedOrganization(db, [{ userId: owner.userId, role: 'owner' }]);
      // Open invitations hold seats as members do.
      const held = Array.from({ length: ORGANIZATION_DEFAULTS.membershipLimit - 2 }, () => uniqueEmail('held'));
      await seedInvitations(db, organizationId, owner.userId, held);
      await raced(
        () =>
          owner.browser.post('/organization/invite-member', {
            email: uniqueEmail('invitee'),
            role: 'member',
            organizationId,
          }),
        [ORGANIZATION_ERRORS.membershipLimitReached],
      );
      expect(await countIn(db, 'invitation', organizationId)).toBe(ORGANIZATION_DEFAULTS.membershipLimit - 1);
    });

    // Guard: insertOrganization counts and inserts behind the creator's user row lock
    // (plugins/organization/store/organizations.ts, inLockedTransaction).
    it(`twenty parallel creates by a user in ${ORGANIZATION_LIMIT - 1} organizations make one more; the others answer 403`, async () => {
      const creator = await signedUp();
      for (let i = 0; i < ORGANIZATION_LIMIT - 1; i++)
        await seedOrganization(db, [{ userId: creator.userId, role: 'member' }]);
      await raced(
        () => creator.browser.post('/organization/create', { name: 'Raced', slug: rowId('raced') }),
        [ORGANIZATION_ERRORS.organizationLimitReached],
      );
      const memberships = await db.selectFrom('member').select('id').where('userId', '=', creator.userId).execute();
      expect(memberships).toHaveLength(ORGANIZATION_LIMIT);
    });

    // Guard: insertTeam counts and inserts behind the organization row's lock (plugins/organization/store/teams.ts).
    it(`twenty parallel team creates in an organization one team short of ${MAXIMUM_TEAMS} make one; the others answer 400`, async () => {
      const [owner] = await crew();
      const { organizationId } = await seedOrganization(db, [{ userId: owner!.userId, role: 'owner' }]);
      await seedTeams(db, organizationId, MAXIMUM_TEAMS - 1);
      await raced(
        (i) => owner!.browser.post('/organization/create-team', { name: `Raced ${i}`, organizationId }),
        [ORGANIZATION_ERRORS.teamLimitReached],
      );
      expect(await countIn(db, 'team', organizationId)).toBe(MAXIMUM_TEAMS);
    });

    // Guard: deleteTeam counts the teams and deletes behind the organization row's lock (plugins/organization/store/teams.ts).
    it('twenty parallel removals of all twenty teams remove nineteen and refuse the last with 400', async () => {
      const [owner] = await crew();
      const { organizationId } = await seedOrganization(db, [{ userId: owner!.userId, role: 'owner' }]);
      const teamIds = await seedTeams(db, organizationId, PARALLEL);
      await raced(
        (i) => owner!.browser.post('/organization/remove-team', { teamId: teamIds[i], organizationId }),
        [ORGANIZATION_ERRORS.unableToRemoveLastTeam],
        PARALLEL - 1,
      );
      expect(await countIn(db, 'team', organizationId)).toBe(1);
    });

    type OwnerRace = (owner: SignedUp, memberIds: string[], i: number, organizationId: string) => Promise<Response>;
    const ownerRaces: [string, OwnerRace, ErrorEntry[], number | null][] = [
      [
        'leave',
        (owner, _ids, _i, organizationId) => owner.browser.post('/organization/leave', { organizationId }),
        [ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner],
        PARALLEL - 1,
      ],
      [
        'demote themselves to admin',
        (owner, memberIds, i, organizationId) =>
          owner.browser.post('/organization/update-member-role', {
            role: 'admin',
            memberId: memberIds[i],
            organizationId,
          }),
        [ORGANIZATION_ERRORS.cannotLeaveWithoutOwner],
        PARALLEL - 1,
      ],
      // How many get through depends on timing: an owner removed before its own request is
      // authorised is no longer a member (403); one whose target is the last owner left, 400.
      [
        'each remove the next in a ring',
        (owner, memberIds, i, organizationId) =>
          owner.browser.post('/organization/remove-member', {
            memberIdOrEmail: memberIds[(i + 1) % PARALLEL],
            organizationId,
          }),
        [ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner, ORGANIZATION_ERRORS.notAMember],
        null,
      ],
    ];

    it.each(ownerRaces)(
      'when the twenty owners of an organization %s in parallel, it keeps an owner',
      async (_name, send, refusals, admitted) => {
        const owners = await crew();
        const { organizationId, memberIds } = await seedOrganization(
          db,
          owners.map((o) => ({ userId: o.userId, role: 'owner' })),
        );
        const winners = await raced((i) => send(owners[i]!, memberIds, i, organizationId), refusals, admitted);
        const left = (await membersOf(db, organizationId)).filter((m) => m.role === 'owner');
        expect(left.length).toBe(PARALLEL - winners.length);
        expect(left.length).toBeGreaterThanOrEqual(1);
      },
    );
  });
});
