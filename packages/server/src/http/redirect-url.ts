/**
 * @module Redirect targets supplied by callers (the fields a schema marks with `redirectUrl()`:
 * callbackURL, redirectTo, errorCallbackURL, newUserCallbackURL, and any a plugin declares) must be
 * a trusted origin or a path on this one: anything else would make Latchkey an open redirect that
 * carries tokens to an attacker.
 */
import type { z } from 'zod';
import { AuthError } from '../endpoint/errors';
import type { ResolvedOptions } from '../auth/options';
import { redirectTargets } from '../validation/fields';

// Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\t/evil` and `/\evil`
// become `//evil`: any control character or backslash in a relative path is refused outright.
// A space is not: inside a path it is percent-encoded, never dropped, and `%20` is common in queries.
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;

function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * A relative target is judged by where a browser ends up, not by how the string looks: it is
 * resolved against BASE_URL with the WHATWG parser the browser uses, and must stay on this origin
 * with a path that does not begin with `//`. Pattern-matching the raw string missed dot segments:
 * `/.//evil.test`, `/..//evil.test`, `/%2e//evil.test` and `/a/..//evil.test` all look like paths,
 * but resolving removes the dot segment and leaves the path `//evil.test`; once the server adds its
 * query and emits that path as `Location: //evil.test?token=…`, the browser reads it as another
 * host and a genuine reset mail hands its token to the attacker. The resolved path is what the
 * server emits (http/redirect.ts), so refusing a resolved path that starts with `//` refuses every
 * emitted form a browser could read as another host.
 */
function staysOnSite(options: ResolvedOptions, path: string): boolean {
  const url = new URL(path, options.baseOrigin);
  return url.origin === options.baseOrigin && !url.pathname.startsWith('//');
}

export function isSafeRedirect(options: ResolvedOptions, value: string): boolean {
  if (value.startsWith('/')) {
    // The decoded form is judged too: an application that decodes the target before following it
    // (`/%2F%2Fevil`, `/.%2F/evil`) must not be led off the site either.
    const decoded = decodeFully(value);
    if (decoded === null || UNSAFE_IN_PATH.test(decoded) || decoded.startsWith('//')) return false;
    if (UNSAFE_IN_PATH.test(value) || value.startsWith('//')) return false;
    return staysOnSite(options, value) && staysOnSite(options, decoded);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && options.trustedOrigins.has(url.origin);
}

type TargetCheck = (options: ResolvedOptions, value: unknown) => void;

const compiled = new WeakMap<z.core.$ZodType, TargetCheck | null>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function all(checks: ReadonlyArray<TargetCheck | null>): TargetCheck | null {
  const present = checks.filter((check): check is TargetCheck => check !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0]!;
  return (options, value) => {
    for (const check of present) check(options, value);
  };
}

/**
 * Walks a schema once, alongside the value it parsed, down to its marked fields; null when it has
 * none, so most endpoints pay nothing per request. A union's options are all walked: a marked field
 * of an option that did not match is checked too, which can refuse but never let anything through.
 */
function compile(schema: z.core.$ZodType): TargetCheck | null {
  if (compiled.has(schema)) return compiled.get(schema) ?? null;
  // A recursive schema (a getter in an object's shape) meets itself again while being compiled:
  // the inner meeting gets a check that defers to the finished one.
  compiled.set(schema, (options, value) => compiled.get(schema)?.(options, value));
  const check = compileUncached(schema);
  compiled.set(schema, check);
  return check;
}

function compileUncached(schema: z.core.$ZodType): TargetCheck | null {
  const target = redirectTargets.get(schema);
  if (target) {
    return (options, value) => {
      if (typeof value === 'string' && !isSafeRedirect(options, value)) throw new AuthError(target.error);
    };
  }
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return compile(def.innerType);
    case 'object': {
      const fields = Object.entries(def.shape).flatMap(([key, field]) => {
        const check = compile(field);
        return check ? [[key, check] as const] : [];
      });
      if (fields.length === 0) return null;
      return (options, value) => {
        if (!isRecord(value)) return;
        for (const [key, check] of fields) check(options, value[key]);
      };
    }
    case 'array':
    case 'set': {
      const item = compile(def.type === 'array' ? def.element : def.valueType);
      if (!item) return null;
      return (options, value) => {
        if (Array.isArray(value) || value instanceof Set) for (const entry of value) item(options, entry);
      };
    }
    case 'tuple': {
      const items = def.items.map((item) => compile(item));
      const rest = def.rest ? compile(def.rest) : null;
      if (!rest && items.every((item) => item === null)) return null;
      return (options, value) => {
        if (!Array.isArray(value)) return;
        value.forEach((entry, index) => (index < items.length ? items[index] : rest)?.(options, entry));
      };
    }
    case 'record':
    case 'map': {
      const entry = compile(def.valueType);
      if (!entry) return null;
      return (options, value) => {
        const values = value instanceof Map ? [...value.values()] : isRecord(value) ? Object.values(value) : [];
        for (const item of values) entry(options, item);
      };
    }
    case 'union':
      return all(def.options.map((option) => compile(option)));
    case 'intersection':
      return all([compile(def.left), compile(def.right)]);
    // The value is what `out` produced: a mark on `in` sees it only if it is still a string.
    case 'pipe':
      return all([compile(def.in), compile(def.out)]);
    case 'lazy':
      return (options, value) => compile(def.getter())?.(options, value);
    default:
      return null;
  }
}

/** Checks every field the schema marks as a redirect target in the value it parsed. */
export function checkRedirectTargets(
  options: ResolvedOptions,
  schema: z.core.$ZodType | undefined,
  value: unknown,
): void {
  if (schema) compile(schema)?.(options, value);
}
