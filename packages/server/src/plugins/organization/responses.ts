/**
 * @module The organization plugin's wire shapes, as zod schemas for the API description only (an
 * endpoint's `response`, never parsed at run time): one organization, member, invitation and team
 * shape, which every route's answer is built from, as better-auth 1.7 answers them. Dates travel
 * as ISO strings.
 */
import { z } from 'zod';
import { isoDate } from '../../plugin';

/** As list, set-active, get-full-organization and delete answer it: metadata the stored JSON text. */
export const organizationResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  metadata: z.string().nullable().meta({ description: 'The metadata as stored: JSON text, for the client to parse' }),
  createdAt: isoDate,
});

/** As create and update answer it (better-auth parses metadata there). */
export const parsedOrganizationResponse = organizationResponse.extend({
  metadata: z.record(z.string(), z.unknown()).nullable(),
});

/** `role` is a comma-joined list when the member holds several roles. */
export const memberResponse = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  role: z.string(),
  teamId: z.string().nullable(),
  createdAt: isoDate,
});

export const memberWithUserResponse = memberResponse.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }),
});

export const invitationResponse = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
  teamId: z.string().nullable(),
  inviterId: z.string(),
  expiresAt: isoDate,
  createdAt: isoDate,
});

export const teamResponse = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate.nullable(),
});

export const teamMemberResponse = z.object({
  id: z.string(),
  teamId: z.string(),
  userId: z.string(),
  createdAt: isoDate,
});

/**
 * get-full-organization's and set-active's answer: members with their user (the first
 * `membersLimit`), invitations, and with teams enabled the teams, each with its member count.
 */
export const fullOrganizationResponse = organizationResponse.extend({
  members: z.array(memberWithUserResponse),
  invitations: z.array(invitationResponse),
  teams: z.array(teamResponse.extend({ memberCount: z.number().int() })).optional(),
});

/** The answer of the routes that only confirm (remove-team, remove-team-member). */
export const messageResponse = z.object({ message: z.string() });
