import { describe, expect, it } from 'vitest';
import { isRequestId, requestIdOf } from './request-id';

const headers = (value?: string) => ({ get: (name: string) => (name === 'x-request-id' ? (value ?? null) : null) });

describe('request ids', () => {
  it.each([
    '0b6f3c9e-1f0a-4d7b-9c55-2f6e8a1b3c4d',
    '01J9ZQ3K5W8Y2V6X4T7R1M0N9P',
    'Root=1-67891233-abcdef012345678912345678',
    'a',
    'x'.repeat(128),
  ])('accepts the id %s', (id) => {
    expect(isRequestId(id)).toBe(true);
    expect(requestIdOf(headers(id))).toBe(id);
  });

  it.each(['', 'x'.repeat(129), 'has space', 'line\nbreak', '"quoted"', 'é', '<script>'])(
    'refuses %j, which is not an id a log line may carry',
    (value) => {
      expect(isRequestId(value)).toBe(false);
      expect(requestIdOf(headers(value))).toBeUndefined();
    },
  );

  it('finds none on a request without the header', () => {
    expect(requestIdOf(headers())).toBeUndefined();
  });
});
