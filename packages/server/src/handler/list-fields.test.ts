import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseQuery } from './list-fields';
import { parseFormBody } from './read-body';

const schema = z
  .object({
    resource: z.union([z.string(), z.array(z.string())]).optional(),
    audience: z.array(z.string()).optional(),
    state: z.string().optional(),
  })
  .catchall(z.string());

describe('fields a form or a query may repeat', () => {
  it('keeps every value of a repeated list field in a form, in order, and one value of the others', () => {
    expect(parseFormBody('resource=a&state=1&resource=b&state=2&audience=x', schema)).toEqual({
      resource: ['a', 'b'],
      state: '2',
      audience: ['x'],
    });
  });

  it('reads a list field sent once as its string when the schema takes a string', () => {
    expect(parseFormBody('resource=a', schema)).toEqual({ resource: 'a' });
  });

  it('keeps every value of a repeated list field in a query, and the first of the others', () => {
    const query = parseQuery('http://localhost/authorize?resource=a%2F&state=1&resource=b&state=2&other=x', schema);
    expect({ ...query }).toEqual({ resource: ['a/', 'b'], state: '1', other: 'x' });
    expect({ ...parseQuery('http://localhost/authorize?resource=a', schema) }).toEqual({ resource: 'a' });
  });

  it('reads the query as before for a schema without list fields', () => {
    const plain = z.object({ state: z.string() });
    expect({ ...parseQuery('http://localhost/x?state=1&state=2', plain) }).toEqual({ state: '1' });
  });
});
