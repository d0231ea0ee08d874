/**
 * @module GET /oauth2/get-consents: the signed-in user's consents (which clients may act for them,
 * with which scopes), for the account page that lists and revokes them.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { consentResponse } from '../consents/consent-response';
import { withLastUses } from '../consents/last-use';
import { listConsentsOf } from '../consents/store';

export function getOAuthConsents() {
  return defineEndpoint({
    id: 'getOAuthConsents',
    method: 'GET',
    path: '/oauth2/get-consents',
    summary: "List the user's consents",
    response: z.array(consentResponse),
    session: 'required',
    handler: async ({ auth, session }) => withLastUses(auth, await listConsentsOf(auth, session.user.id)),
  });
}
