import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthError } from '../endpoint/errors';
import { parseFormBody, parseJsonBody, readRequestText } from './read-body';

/** What the fetch transport does with a body: read it under the cap, then parse it. */
async function readFormBody(request: Request, maxBytes: number, schema: z.ZodType): Promise<Record<string, unknown>> {
  return parseFormBody(await readRequestText(request, maxBytes), schema);
}

async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  return parseJsonBody(await readRequestText(request, maxBytes));
}

const schema = z.object({
  email: z.string(),
  rememberMe: z.boolean().optional(),
  subscribe: z.boolean().default(false),
  nickname: z.string().nullable().optional(),
});

function formRequest(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost:3000/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

describe('readFormBody', () => {
  it('reads the fields as strings, decoding the form encoding', async () => {
    expect(await readFormBody(formRequest('email=a%2Bb%40example.com&nickname=Ada+L'), 1024, schema)).toEqual({
      email: 'a+b@example.com',
      nickname: 'Ada L',
    });
  });

  it.each([
    ['on', true],
    ['true', true],
    ['TRUE', true],
    ['false', false],
    ['off', false],
  ])('reads %j in a boolean field as %s, through optional and default wrappers', async (value, expected) => {
    const body = await readFormBody(formRequest(`rememberMe=${value}&subscribe=${value}`), 1024, schema);
    expect(body).toEqual({ rememberMe: expected, subscribe: expected });
  });

  it('leaves a value that is no boolean as a string, for validation to refuse, and never coerces a string field', async () => {
    const body = await readFormBody(formRequest('rememberMe=yes&email=true'), 1024, schema);
    expect(body).toEqual({ rememberMe: 'yes', email: 'true' });
    expect(schema.safeParse(body).success).toBe(false);
  });

  it('keeps the last value of a repeated field', async () => {
    expect(await readFormBody(formRequest('rememberMe=false&rememberMe=on'), 1024, schema)).toEqual({
      rememberMe: true,
    });
    expect(await readFormBody(formRequest('rememberMe=on&rememberMe=false'), 1024, schema)).toEqual({
      rememberMe: false,
    });
  });

  it('makes a field named __proto__ an own field, never the prototype', async () => {
    const body = await readFormBody(formRequest('__proto__=x&email=a%40example.com'), 1024, schema);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(schema.parse(body)).toEqual({ email: 'a@example.com', subscribe: false });
  });

  it('reads an empty form as no fields', async () => {
    expect(await readFormBody(formRequest(''), 1024, schema)).toEqual({});
  });

  it('refuses a form over the size cap with 413', async () => {
    const error = await readFormBody(formRequest(`email=${'a'.repeat(2048)}`), 1024, schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(413);
  });
});

describe('readJsonBody', () => {
  it('reads JSON, and an empty body as none', async () => {
    expect(await readJsonBody(new Request('http://x/', { method: 'POST', body: '{"a":1}' }), 1024)).toEqual({ a: 1 });
    expect(await readJsonBody(new Request('http://x/', { method: 'POST', body: '  ' }), 1024)).toBeUndefined();
  });

  it('refuses a body that is not JSON with 400 VALIDATION_ERROR', async () => {
    const error = await readJsonBody(new Request('http://x/', { method: 'POST', body: 'email=a' }), 1024).catch(
      (e: unknown) => e,
    );
    expect((error as AuthError).code).toBe('VALIDATION_ERROR');
  });
});
