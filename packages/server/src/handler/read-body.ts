/**
 * @module Reads a request body, JSON or an HTML form, with a size cap that holds for chunked
 * uploads too (a missing or lying Content-Length cannot make us buffer more than the cap).
 */
import { z } from 'zod';
import type { EndpointSchema } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { listFieldsOf, listValue } from './list-fields';

/** A web-standard Request's body as text, under the cap. */
export async function readRequestText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxBytes) throw new AuthError(ERRORS.payloadTooLarge);
  if (!request.body) return '';

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
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AuthError(ERRORS.invalidBody, { details: [{ path: '', message: 'Body is not valid JSON' }] });
  }
}

/** What an HTML form sends for a checkbox or a hidden boolean; anything else stays a string and fails validation. */
const FORM_BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['on', true],
  ['false', false],
  ['off', false],
]);

function isBooleanField(schema: z.ZodType | undefined): boolean {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodBoolean;
}

/**
 * An `application/x-www-form-urlencoded` body as the endpoint's fields. A form sends only strings:
 * fields the schema declares boolean are read as booleans (`rememberMe=on`), the rest stay
 * strings. A repeated field keeps its last value, so a hidden `rememberMe=false` placed before
 * the checkbox is the answer of an unticked box; a field the schema takes as a list keeps every
 * value (list-fields.ts).
 */
export function parseFormBody(text: string, schema: EndpointSchema): Record<string, unknown> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const lists = listFieldsOf(schema);
  // A Map, then own properties: a field named `__proto__` is a field, not a prototype.
  const fields = new Map<string, unknown>();
  const listed = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (lists.has(name)) {
      listed.set(name, [...(listed.get(name) ?? []), value]);
      continue;
    }
    const asBoolean =
      Object.hasOwn(shape, name) && isBooleanField(shape[name]) ? FORM_BOOLEANS.get(value.toLowerCase()) : undefined;
    fields.set(name, asBoolean ?? value);
  }
  for (const [name, values] of listed) fields.set(name, listValue(values, lists.get(name)!));
  return Object.fromEntries(fields);
}
