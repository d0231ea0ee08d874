/**
 * @module The protocol routes' success answers, for the API description (openapi/): RFC 6749 §5.1's
 * token answer, OpenID Connect's UserInfo, RFC 7662's introspection, RFC 8628's device authorization. Extra members a relying party
 * may meet (claims of further scopes) are allowed.
 */
import { z } from 'zod';

export const tokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
    refresh_token: z.string().optional(),
    id_token: z.string().optional(),
  })
  .loose();

export const userInfoResponse = z
  .object({
    sub: z.string(),
    name: z.string().optional(),
    picture: z.string().optional(),
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    email: z.string().optional(),
    email_verified: z.boolean().optional(),
  })
  .loose();

export const introspectionResponse = z
  .object({
    active: z.boolean(),
    scope: z.string().optional(),
    client_id: z.string().optional(),
    sub: z.string().optional(),
    exp: z.number().int().optional(),
    iat: z.number().int().optional(),
    token_type: z.string().optional(),
    aud: z.union([z.string(), z.array(z.string())]).optional(),
    iss: z.string().optional(),
  })
  .loose();

/** RFC 8628 §3.2: what a device shows its user, and how often it may poll. */
export const deviceAuthorizationResponse = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});

/** RFC 7009 §2.2: 200 with an empty body, whatever became of the token. */
export const revocationResponse = z.null();
