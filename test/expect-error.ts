/**
 * @module The one assertion of an error answer for every suite: its status, code and (when given)
 * message, whichever way the answer arrived — a harness response, a fetch Response, a client result
 * `{ data, error }`, or a promise of one of these; a promise that rejects with an error carrying a
 * status and a code (the engine's AuthError from `auth.api`) counts as the answer too.
 */
import { expect } from 'vitest';

/** A catalogue entry, or anything else naming the three. */
export interface ExpectedError {
  status: number;
  code: string;
  message: string;
}

/** The error answers `expectError` reads. */
export type ErrorAnswer =
  { status: number; body: unknown } | Response | { error: { status: number; code?: string; message?: string } | null };

interface ErrorSeen {
  status: unknown;
  code: unknown;
  message: unknown;
}

/** Asserts a catalogue entry's status, code and message. */
export function expectError(answer: ErrorAnswer | Promise<unknown>, expected: ExpectedError): Promise<void>;
/** Asserts the status and the code, and the message when one is given (alone or with the code as a pair). */
export function expectError(
  answer: ErrorAnswer | Promise<unknown>,
  status: number,
  code: string | Omit<ExpectedError, 'status'>,
  message?: string,
): Promise<void>;
export async function expectError(
  answer: ErrorAnswer | Promise<unknown>,
  statusOrEntry: number | ExpectedError,
  code?: string | Omit<ExpectedError, 'status'>,
  message?: string,
): Promise<void> {
  const expected =
    typeof statusOrEntry !== 'number'
      ? { status: statusOrEntry.status, code: statusOrEntry.code, message: statusOrEntry.message }
      : typeof code === 'object'
        ? { status: statusOrEntry, code: code.code, message: code.message }
        : { status: statusOrEntry, code, message };
  const seen = await errorOf(answer);
  if (expected.message === undefined) {
    expect({ status: seen.status, code: seen.code }).toEqual({ status: expected.status, code: expected.code });
  } else {
    expect(seen).toEqual(expected);
  }
}

async function errorOf(answer: ErrorAnswer | Promise<unknown>): Promise<ErrorSeen> {
  let settled: unknown;
  try {
    settled = await answer;
  } catch (error) {
    if (isRecord(error) && typeof error.status === 'number' && typeof error.code === 'string') {
      return { status: error.status, code: error.code, message: error.message };
    }
    throw error;
  }
  if (settled instanceof Response) {
    const body: unknown = await settled.json();
    return { status: settled.status, ...fieldsOf(body) };
  }
  if (isRecord(settled) && typeof settled.status === 'number' && 'body' in settled) {
    return { status: settled.status, ...fieldsOf(settled.body) };
  }
  if (isRecord(settled) && isRecord(settled.error)) {
    return { status: settled.error.status, ...fieldsOf(settled.error) };
  }
  return expect.fail(`expected an error answer, got ${JSON.stringify(settled)}`);
}

function fieldsOf(body: unknown): { code: unknown; message: unknown } {
  return isRecord(body) ? { code: body.code, message: body.message } : { code: undefined, message: undefined };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
