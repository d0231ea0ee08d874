/**
 * @module Fields a form or a query may repeat. `URLSearchParams` carries lists as a name given
 * several times (RFC 8707's `resource=a&resource=b` in an authorization or token request); a field
 * read as one value would keep only one of them and answer for a different request than the one
 * sent. So a field whose schema accepts a list (`z.array`, alone or in a union with a string) keeps
 * every value, in order: a list when repeated, or when the schema takes only lists; the one
 * string otherwise. Every other repeated field keeps one value, as before.
 */
import { getQueryParam, getQueryParams } from 'hono/utils/url';
import { z } from 'zod';
import type { EndpointSchema } from '../endpoint/define-endpoint';

/** Per list field: whether a single value must be a one-item list (the schema takes no string). */
type ListFields = ReadonlyMap<string, { onlyList: boolean }>;

const NONE: ListFields = new Map();
/** Schemas are fixed per endpoint: each is looked at once. */
const known = new WeakMap<object, ListFields>();

function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  return inner;
}

function listKind(schema: z.ZodType): { onlyList: boolean } | null {
  const inner = unwrapped(schema);
  if (inner instanceof z.ZodArray) return { onlyList: true };
  if (!(inner instanceof z.ZodUnion)) return null;
  const options = (inner.options as readonly z.ZodType[]).map(unwrapped);
  if (!options.some((option) => option instanceof z.ZodArray)) return null;
  return { onlyList: !options.some((option) => option instanceof z.ZodString) };
}

/** The fields of `schema` that keep every value of a repeated name. */
export function listFieldsOf(schema: EndpointSchema | undefined): ListFields {
  if (!(schema instanceof z.ZodObject)) return NONE;
  const cached = known.get(schema);
  if (cached) return cached;
  const fields = new Map<string, { onlyList: boolean }>();
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const kind = listKind(field);
    if (kind) fields.set(name, kind);
  }
  const result = fields.size ? fields : NONE;
  known.set(schema, result);
  return result;
}

/** A list field's value from the values its name was given with. */
export function listValue(values: readonly string[], { onlyList }: { onlyList: boolean }): string | string[] {
  return values.length === 1 && !onlyList ? values[0]! : [...values];
}

/**
 * The query of `url` as the endpoint's fields: the first value of a repeated name (Hono's
 * reading), every value of a list field. An endpoint without list fields keeps Hono's fast path.
 */
export function parseQuery(url: string, schema: EndpointSchema | undefined): Record<string, unknown> {
  const lists = listFieldsOf(schema);
  // Without a key, Hono answers every parameter as a record (its type covers the keyed call too).
  if (lists.size === 0) return getQueryParam(url) as Record<string, string>;
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, values] of Object.entries(getQueryParams(url) as Record<string, string[]>)) {
    const list = lists.get(name);
    fields[name] = list ? listValue(values, list) : values[0];
  }
  return fields;
}
