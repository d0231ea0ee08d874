/**
 * @module zod schemas as the JSON Schema (2020-12) an OpenAPI 3.1 document embeds, by zod 4's own
 * `z.toJSONSchema`. Definitions zod extracts (recursive or registered parts) would be referenced as
 * `#/$defs/…`, which inside an OpenAPI document points at its root: they are moved into the
 * document's components and their references rewritten.
 */
import { z } from 'zod';
import type { ErrorEntry } from '../endpoint/errors';
import { redirectTargets } from '../validation/fields';

export type JsonSchema = { [key: string]: unknown };

export interface ConvertedSchema {
  readonly schema: JsonSchema;
  /** The entries refusing the redirect targets the schema marks (validation/fields.ts `redirectUrl`). */
  readonly redirectErrors: readonly ErrorEntry[];
}

export interface SchemaConverter {
  /** `name` prefixes the components of definitions the schema carries, so two schemas never share one. */
  convert(schema: z.ZodType, name: string, io: 'input' | 'output'): ConvertedSchema;
  /** The definitions moved out so far, for `components.schemas`. */
  readonly components: Readonly<Record<string, JsonSchema>>;
}

const DEFS_PREFIX = '#/$defs/';

/** OpenAPI component names allow only letters, digits and `.-_`. */
function componentName(prefix: string, pointer: string): string {
  const id = pointer.replaceAll('~1', '/').replaceAll('~0', '~');
  return `${prefix}.${id}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

function rewriteRefs(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, prefix));
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof item === 'string' && item.startsWith(DEFS_PREFIX)
        ? `#/components/schemas/${componentName(prefix, item.slice(DEFS_PREFIX.length))}`
        : rewriteRefs(item, prefix);
  }
  return out;
}

export function createSchemaConverter(): SchemaConverter {
  const components: Record<string, JsonSchema> = {};
  return {
    components,
    convert(schema, name, io) {
      const redirectErrors: ErrorEntry[] = [];
      const converted = z.toJSONSchema(schema, {
        io,
        // Types JSON cannot carry (a custom check) are described as "anything" rather than failing the document.
        unrepresentable: 'any',
        override: ({ zodSchema }) => {
          const mark = redirectTargets.get(zodSchema);
          if (mark) redirectErrors.push(mark.error);
        },
      }) as JsonSchema;
      const { $schema: _dialect, $defs, ...root } = converted;
      if (typeof $defs === 'object' && $defs !== null) {
        for (const [id, definition] of Object.entries($defs)) {
          components[componentName(name, id)] = rewriteRefs(definition, name) as JsonSchema;
        }
      }
      return { schema: rewriteRefs(root, name) as JsonSchema, redirectErrors };
    },
  };
}
