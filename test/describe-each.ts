/**
 * @module One suite per dialect (or other variant) a run selects. A file whose variants are all
 * left out (LATCHKEY_TEST_DIALECTS=sqlite for a PostgreSQL/MySQL suite, no Redis) shows one skipped
 * suite instead of failing as a file without tests.
 */
import { describe } from 'vitest';

export function describeEach<T extends string>(
  name: string,
  variants: readonly T[],
  suite: (variant: T) => void,
): void {
  describe.runIf(variants.length > 0)(name, () => {
    for (const variant of variants) describe(`[${variant}]`, () => suite(variant));
  });
}
