import { describe, expect, it } from 'vitest';
import { createEventSink, type AuthEvent, type RequestRecord } from './observer';

const event: AuthEvent = { type: 'sign-in', outcome: 'success', at: new Date(0), method: 'email' };
const record: RequestRecord = { routeId: 'getSession', method: 'GET', status: 200, durationMs: 1 };

function capturingLogger() {
  const errors: string[] = [];
  return { errors, logger: { error: (_obj: object, msg?: string) => errors.push(msg ?? '') } };
}

describe('createEventSink', () => {
  it('tells every observer of an event, in order', () => {
    const seen: string[] = [];
    const sink = createEventSink(
      [
        { event: (e) => seen.push(`a:${e.type}`) },
        { request: () => seen.push('b') },
        { event: (e) => seen.push(`c:${e.method}`) },
      ],
      capturingLogger().logger,
    );
    sink.emit(event);
    expect(seen).toEqual(['a:sign-in', 'c:email']);
  });

  it('an observer that throws is logged and neither stops the others nor reaches the caller', () => {
    const { errors, logger } = capturingLogger();
    const seen: RequestRecord[] = [];
    const sink = createEventSink(
      [
        {
          event: () => {
            throw new Error('audit table gone');
          },
          request: () => {
            throw new Error('metrics broken');
          },
        },
        { request: (r) => seen.push(r) },
      ],
      logger,
    );
    expect(() => sink.emit(event)).not.toThrow();
    expect(() => sink.recordRequest(record)).not.toThrow();
    expect(seen).toEqual([record]);
    expect(errors).toEqual(['An observer failed on an event', 'An observer failed on a request record']);
  });

  it('says whether anyone listens for requests, so the router need not time them', () => {
    const { logger } = capturingLogger();
    expect(createEventSink([], logger).observesRequests).toBe(false);
    expect(createEventSink([{ event() {} }], logger).observesRequests).toBe(false);
    expect(createEventSink([{ request() {} }], logger).observesRequests).toBe(true);
  });
});
