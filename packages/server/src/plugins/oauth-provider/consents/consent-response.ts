/**
 * @module A consent as the consent management routes answer it: better-auth's `oauthConsent` record
 * (camelCase, scopes as a list, dates as ISO strings), and Latchkey's `lastUsedAt` (last-use.ts).
 */
import { z } from 'zod';
import { isoDate } from '../../../plugin';

export const consentResponse = z.object({
  id: z.string(),
  clientId: z.string(),
  userId: z.string(),
  referenceId: z.string().nullable(),
  scopes: z.array(z.string()),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Latchkey's: the latest token issue under this consent, or `updatedAt` if later. */
  lastUsedAt: isoDate,
});
