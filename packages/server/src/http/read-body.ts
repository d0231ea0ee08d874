/**
 * @module Reads a JSON request body with a size cap that holds for chunked uploads too (a missing
 * or lying Content-Length cannot make us buffer more than the cap).
 */
import { AuthError, ERRORS } from '../errors';

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxBytes) throw new AuthError(ERRORS.payloadTooLarge);
  if (!request.body) return undefined;

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away or broke its framing mid-body: its request is malformed, not our fault.
      throw new AuthError(ERRORS.invalidBody, { details: [{ path: '', message: 'Body could not be read' }] });
    });
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new AuthError(ERRORS.payloadTooLarge);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AuthError(ERRORS.invalidBody, { details: [{ path: '', message: 'Body is not valid JSON' }] });
  }
}
