/**
 * @module POST /organization/create {name, slug, userId?, logo?, metadata?,
 * keepCurrentActiveOrganization?}: an organization whose creator becomes its member with the
 * creator role, and with teams enabled a default team (named after the organization) with the
 * creator in it — all in one transaction. It becomes the session's active organization, and the
 * default team its active team, unless keepCurrentActiveOrganization. Answers the organization,
 * metadata parsed, with `members: [owner]`.
 * `userId` creates for another user, only from the server (auth.api without request headers), as
 * in better-auth 1.7.
 */
import { z } from 'zod';
import {
  AuthError,
  DEFAULTS,
  ERRORS,
  defineEndpoint,
  emitEvent,
  isUniqueViolation,
  randomString,
  readCurrentSession,
  type PluginHost,
  type CurrentSession,
  type EndpointContext,
  type User,
} from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import type { ResolvedOrganizationOptions } from '../options';
import {
  activateOrganizationWithTeam,
  insertOrganization,
  serializeMetadata,
  toOrganizationResponse,
  type NewOrganization,
} from '../store/organizations';
import { memberResponse, parsedOrganizationResponse } from '../responses';

const body = z.object({
  name: z.string().min(1),
  slug: z.string().min(1),
  userId: z.string().min(1).optional(),
  logo: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  keepCurrentActiveOrganization: z.boolean().optional(),
});

type Body = z.output<typeof body>;
type Context = EndpointContext<Body, undefined, 'none'>;

export function createOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'createOrganization',
    method: 'POST',
    path: '/organization/create',
    summary: 'Create an organization',
    response: parsedOrganizationResponse.extend({ members: z.array(memberResponse) }),
    errors: [
      ORGANIZATION_ERRORS.notAllowedToCreateOrganization,
      ORGANIZATION_ERRORS.organizationAlreadyExists,
      ERRORS.userNotFound,
      ERRORS.unauthorized,
    ],
    body,
    // Checked in the handler: a server call without headers may name the user instead.
    session: 'none',
    async handler(ctx) {
      const { auth, body, cookies } = ctx;
      const { current, user } = await creatorOf(ctx);
      if (!(await options.allowUserToCreateOrganization(user, auth)))
        throw new AuthError(ORGANIZATION_ERRORS.notAllowedToCreateOrganization);
      const rows = newOrganizationRows(auth, options, user, body);
      try {
        // Refuses over organizationLimit before it inserts, so the limit error comes first.
        await insertOrganization(auth, rows, options.organizationLimit);
      } catch (error) {
        // A taken slug (by an earlier create or a parallel one): the unique index decides.
        if (isUniqueViolation(error))
          throw new AuthError(ORGANIZATION_ERRORS.organizationAlreadyExists, { cause: error });
        throw error;
      }
      emitEvent(ctx, 'organization-created', {
        actorUserId: current ? user.id : null,
        userId: user.id,
        organizationId: rows.organization.id,
        detail: { slug: rows.organization.slug },
      });
      if (current && !body.keepCurrentActiveOrganization) {
        await activateOrganizationWithTeam(
          { auth, session: current, cookies },
          rows.organization.id,
          rows.team?.team.id ?? null,
        );
      }
      return { ...toOrganizationResponse(rows.organization), members: [rows.member] };
    },
  });
}

/**
 * The session's user; without a session, the body's userId only when the call is the server's own
 * (`auth.api`), never over HTTP.
 */
async function creatorOf(ctx: Context): Promise<{ current: CurrentSession | null; user: User }> {
  const { auth, requestCookies, cookies, serverCall, body } = ctx;
  const current = await readCurrentSession(auth, requestCookies, cookies, { disableCookieCache: true });
  if (current) return { current, user: current.user };
  if (!serverCall || body.userId === undefined) throw new AuthError(ERRORS.unauthorized);
  const user = await auth.users.findById(body.userId);
  if (!user) throw new AuthError(ERRORS.userNotFound);
  return { current: null, user };
}

function newOrganizationRows(
  auth: PluginHost,
  options: ResolvedOrganizationOptions,
  user: User,
  input: Body,
): NewOrganization {
  const now = auth.now();
  const id = () => randomString(DEFAULTS.idLength);
  const organizationId = id();
  const rows: NewOrganization = {
    organization: {
      id: organizationId,
      name: input.name,
      slug: input.slug,
      logo: input.logo ?? null,
      metadata: serializeMetadata(input.metadata) ?? null,
      createdAt: now,
    },
    member: { id: id(), organizationId, userId: user.id, role: options.creatorRole, teamId: null, createdAt: now },
  };
  if (options.teams.enabled) {
    const teamId = id();
    rows.team = {
      team: { id: teamId, name: input.name, organizationId, createdAt: now, updatedAt: now },
      teamMember: { id: id(), teamId, userId: user.id, createdAt: now },
    };
  }
  return rows;
}
