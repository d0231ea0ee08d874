/**
 * @module GET /oauth2/get-clients: the signed-in user's clients, oldest first, without secrets.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { clientResponse, toClientResponse } from '../clients/client-response';
import { listClientsOf } from '../clients/store';

export function getClients() {
  return defineEndpoint({
    id: 'getOAuthClients',
    method: 'GET',
    path: '/oauth2/get-clients',
    response: z.array(clientResponse),
    session: 'required',
    async handler({ auth, session }) {
      const clients = await listClientsOf(auth, session.user.id);
      return clients.map((client) => toClientResponse(client));
    },
  });
}
