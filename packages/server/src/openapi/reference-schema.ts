/**
 * @module A JSON Schema of the API description as HTML for the reference page: a one-line type
 * ("string or null", "array of object", "one of `a`, `b`") and, for objects, the list of their
 * fields, each with its type, whether it is required, its limits and its description. A `$ref` to
 * a component is a link to that schema's section, never expanded: components may refer to
 * themselves.
 */
import { describedText, markup, type Markup } from './reference-markup';

export type JsonSchema = { readonly [key: string]: unknown };

const COMPONENT_SCHEMA = '#/components/schemas/';
// Deeper nesting than any route's answer has; a bound all the same, as plugins write schemas.
const MAX_DEPTH = 12;

export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function schemaAnchor(name: string): string {
  return `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The component a `$ref` names, or null for any other reference. */
export function componentName(schema: JsonSchema): string | null {
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(COMPONENT_SCHEMA)
    ? decodeURIComponent(ref.slice(COMPONENT_SCHEMA.length))
    : null;
}

function schemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function typeNames(schema: JsonSchema): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((name): name is string => typeof name === 'string') : [];
}

function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The schema's limits in words: "at most 254 characters", "pattern `^a`", "default `1`". */
function limits(schema: JsonSchema): string[] {
  const words: string[] = [];
  const number = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const minLength = number('minLength');
  const maxLength = number('maxLength');
  if (minLength !== undefined && minLength > 0) words.push(`at least ${minLength} characters`);
  if (maxLength !== undefined) words.push(`at most ${maxLength} characters`);
  if (number('minimum') !== undefined) words.push(`minimum ${number('minimum')}`);
  if (number('maximum') !== undefined) words.push(`maximum ${number('maximum')}`);
  if (number('exclusiveMinimum') !== undefined) words.push(`more than ${number('exclusiveMinimum')}`);
  if (number('exclusiveMaximum') !== undefined) words.push(`less than ${number('exclusiveMaximum')}`);
  if (number('minItems') !== undefined && number('minItems')! > 0) words.push(`at least ${number('minItems')} items`);
  if (number('maxItems') !== undefined) words.push(`at most ${number('maxItems')} items`);
  if (typeof schema.pattern === 'string') words.push(`pattern \`${schema.pattern}\``);
  if (schema.default !== undefined) words.push(`default \`${jsonText(schema.default)}\``);
  return words;
}

/** One line: what kind of value the schema takes. */
export function typeLabel(schema: JsonSchema): Markup {
  const component = componentName(schema);
  if (component !== null) return markup`<a href="#${schemaAnchor(component)}">${component}</a>`;
  if (schema.const !== undefined) return markup`<code>${jsonText(schema.const)}</code>`;
  if (Array.isArray(schema.enum)) {
    return markup`one of ${schema.enum.map((value, index) => markup`${index > 0 && ', '}<code>${jsonText(value)}</code>`)}`;
  }
  const variants = schemaList(schema.anyOf ?? schema.oneOf);
  if (variants.length > 0)
    return markup`${variants.map((variant, index) => markup`${index > 0 && ' or '}${typeLabel(variant)}`)}`;
  const parts = schemaList(schema.allOf);
  if (parts.length > 0)
    return markup`all of ${parts.map((part, index) => markup`${index > 0 && ', '}${typeLabel(part)}`)}`;
  const names = typeNames(schema);
  if (names.length === 0) return markup`any`;
  const labels = names.map((name) => {
    if (name === 'array' && isSchema(schema.items)) return markup`array of ${typeLabel(schema.items)}`;
    if (name === 'string' && typeof schema.format === 'string') return markup`string (${schema.format})`;
    if (name === 'string' && typeof schema.contentMediaType === 'string')
      return markup`string (${schema.contentMediaType})`;
    return markup`${name}`;
  });
  return markup`${labels.map((label, index) => markup`${index > 0 && ' or '}${label}`)}`;
}

function field(name: string, schema: JsonSchema, required: boolean, depth: number): Markup {
  const words = limits(schema);
  return markup`<li>
    <code class="field-name">${name}</code>
    <span class="field-type">${typeLabel(schema)}</span>
    ${required && markup`<span class="field-required">required</span>`}
    ${words.length > 0 && markup`<span class="field-limits">${describedText(words.join(', '))}</span>`}
    ${typeof schema.description === 'string' && markup`<p class="field-description">${describedText(schema.description)}</p>`}
    ${schemaDetails(schema, depth + 1)}
  </li>`;
}

function hasDetails(schema: JsonSchema): boolean {
  if (componentName(schema) !== null) return false;
  if (isSchema(schema.properties) || isSchema(schema.additionalProperties)) return true;
  if (isSchema(schema.items)) return hasDetails(schema.items);
  return [...schemaList(schema.anyOf), ...schemaList(schema.oneOf), ...schemaList(schema.allOf)].some(hasDetails);
}

/** What the one-line type leaves out: an object's fields, an array's items', a variant's. */
export function schemaDetails(schema: JsonSchema, depth = 0): Markup | null {
  if (depth > MAX_DEPTH || !hasDetails(schema)) return null;
  if (isSchema(schema.items)) return schemaDetails(schema.items, depth);
  const variants = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf), ...schemaList(schema.allOf)];
  if (variants.length > 0) {
    return markup`<ul class="variants">${variants.map(
      (variant) =>
        markup`<li><span class="field-type">${typeLabel(variant)}</span>${schemaDetails(variant, depth + 1)}</li>`,
    )}</ul>`;
  }
  const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const other = schema.additionalProperties;
  return markup`<ul class="fields">
    ${properties.map(([name, property]) => isSchema(property) && field(name, property, required.has(name), depth))}
    ${isSchema(other) && markup`<li class="other-fields">${properties.length > 0 ? 'Other fields' : 'Any fields'}: <span class="field-type">${typeLabel(other)}</span>${schemaDetails(other, depth + 1)}</li>`}
  </ul>`;
}
