/**
 * @module The wire shapes of the answers several routes share, as zod schemas for the API
 * description only (an endpoint's `response`): never parsed at run time. Dates travel as ISO
 * strings; users and sessions are open objects, since plugins add columns to both.
 */
import { z } from 'zod';
import { SERVER_LANGUAGES } from '../i18n/request-language';

/** Described by its format alone: zod's own ISO check would write its whole pattern into the document. */
export const isoDate = z.string().meta({ format: 'date-time' });

export const userResponse = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  language: z
    .enum(SERVER_LANGUAGES)
    .nullable()
    .meta({ description: "The language of the user's mails; null until known (then each mail follows its request)" }),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const sessionResponse = z.looseObject({
  id: z.string(),
  token: z.string().meta({ description: "The caller's own session token; the digest for other sessions" }),
  userId: z.string(),
  expiresAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** Where an address is (ip-location.ts); null without a GeoIP database or for an address it does not place. */
export const ipLocationResponse = z
  .object({
    city: z.string().nullable(),
    country: z.string().nullable().meta({ description: "In the request's language where the database has it" }),
    countryCode: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2' }),
  })
  .nullable();

/** A session in a list (list-sessions, the admin's list-user-sessions): with the place of its address. */
export const listedSessionResponse = sessionResponse.extend({ location: ipLocationResponse });

export const sessionWithUserResponse = z.object({ session: sessionResponse, user: userResponse });

/** A permission check's answer (the admin and organization plugins' has-permission), better-auth's shape. */
export const permissionResponse = z.object({ error: z.null(), success: z.boolean() });

export const statusResponse = z.object({ status: z.boolean() });
export const statusMessageResponse = z.object({ status: z.boolean(), message: z.string() });
export const successMessageResponse = z.object({ success: z.boolean(), message: z.string() });

/** Sign-in's answer; `redirect` and `url` tell a client to follow the callback URL it gave. */
export const signInResponse = z.object({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().optional(),
  user: userResponse,
});

/** `token` is null when no session was created (e-mail verification required, or no auto sign-in). */
export const tokenUserResponse = z.object({ token: z.string().nullable(), user: userResponse });

/** A social sign-in or link that goes through the provider: its authorization URL. */
export const providerRedirectResponse = z.object({ url: z.string(), redirect: z.boolean() });
