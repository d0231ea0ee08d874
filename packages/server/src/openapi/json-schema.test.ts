import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../endpoint/errors';
import { redirectUrl } from '../validation/fields';
import { createSchemaConverter } from './json-schema';

describe('createSchemaConverter', () => {
  it('drops the $schema dialect an embedded schema must not carry', () => {
    const { schema } = createSchemaConverter().convert(z.object({ email: z.string() }), 'body', 'input');
    expect(schema).toEqual({ type: 'object', properties: { email: { type: 'string' } }, required: ['email'] });
  });

  it("moves a recursive schema's definitions into components and points its references there", () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => node)) });
    const converter = createSchemaConverter();
    const { schema } = converter.convert(z.object({ tree: node }), 'createTree.body', 'input');
    const text = JSON.stringify(schema) + JSON.stringify(converter.components);
    expect(text).not.toContain('#/$defs/');
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^createTree\.body\.[A-Za-z0-9._-]+$/);
      expect(converter.components[ref]).toBeDefined();
    }
  });

  it('describes request input: a coerced number is a number, a defaulted field optional', () => {
    const { schema } = createSchemaConverter().convert(
      z.object({ limit: z.coerce.number().int(), sort: z.string().default('asc') }),
      'query',
      'input',
    );
    expect(schema.required).toEqual(['limit']);
  });

  it('reports the entries refusing the redirect targets a schema marks', () => {
    const { redirectErrors } = createSchemaConverter().convert(
      z.object({ callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(), name: z.string() }),
      'body',
      'input',
    );
    expect(redirectErrors).toEqual([ERRORS.invalidCallbackURL]);
  });
});
