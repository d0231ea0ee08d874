/**
 * @module The standalone server's own error answers: to requests Node cannot parse, which never
 * reach the engine (http-server.ts answers them from the socket). They are declared as a catalogue
 * like every other, and joined to the auth's error codes as a plugin's, so the union the web app's
 * client is typed from (`StandaloneAuth`) holds every code this server answers.
 */
import { defineErrors, definePlugin } from '@latchkey/server';

/** Node's reason phrases as messages, so that the status line and the JSON body say the same. */
export const TRANSPORT_ERRORS = defineErrors({
  badRequest: [400, 'Bad Request'],
  requestTimeout: [408, 'Request Timeout'],
  // Chunk extensions over Node's limit; a body over the engine's limit is the engine's 413.
  payloadTooLarge: [413, 'Payload Too Large'],
  requestHeaderFieldsTooLarge: [431, 'Request Header Fields Too Large'],
});

/** No routes, columns or hooks: only the transport's error entries, for the auth's `errorCodes`. */
export function transportErrorsPlugin() {
  return definePlugin({ id: 'transport-errors', errors: TRANSPORT_ERRORS });
}
