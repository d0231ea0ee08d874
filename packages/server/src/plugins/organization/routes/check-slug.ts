/**
 * @module POST /organization/check-slug {slug}: {status: true} when no organization has the slug,
 * else 400 `slug is taken`.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, statusResponse } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import type { ResolvedOrganizationOptions } from '../options';
import { slugIsTaken } from '../store/organizations';

const body = z.object({ slug: z.string().min(1) });

export function checkOrganizationSlug(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'checkOrganizationSlug',
    method: 'POST',
    path: '/organization/check-slug',
    summary: 'Check whether a slug is free',
    response: statusResponse,
    errors: [ORGANIZATION_ERRORS.slugIsTaken],
    body,
    session: 'required',
    async handler({ auth, body }) {
      if (await slugIsTaken(auth, body.slug)) throw new AuthError(ORGANIZATION_ERRORS.slugIsTaken);
      return { status: true };
    },
  });
}
