/**
 * @module An auth on an in-memory SQLite database, for the suites that look at what `createAuth`
 * builds from its plugins (endpoints, body schemas, error codes, types) rather than at stored state.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { createAuth, type Auth, type Plugin } from '../../src';
import { BASE_URL, SECRET } from './harness';

export function memoryAuth<const P extends readonly Plugin[]>(plugins: P): Auth<P> {
  return createAuth({
    baseURL: BASE_URL,
    secret: SECRET,
    database: { url: 'sqlite::memory:' },
    plugins,
    logger: { info() {}, warn() {}, error() {} },
  });
}

/** The sign-up body as the auth's signUpEmail endpoint parses it, plugins' body fields included. */
export function parseSignUpBody(auth: Pick<Auth, 'endpoints'>, fields: Record<string, unknown>): unknown {
  const signUp = auth.endpoints.find((endpoint) => endpoint.id === 'signUpEmail');
  expect(signUp?.body).toBeInstanceOf(z.ZodObject);
  return (signUp!.body as z.ZodObject).parse({ ...SIGN_UP_FIELDS, ...fields });
}

export const SIGN_UP_FIELDS = { name: 'A', email: 'a@example.com', password: 'correct horse battery' };
