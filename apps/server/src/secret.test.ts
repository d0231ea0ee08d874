import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartupError, resolveSecret } from './secret';

let dir: string;
const warnings: string[] = [];
const logger = { warn: (_obj: object, msg?: string) => void warnings.push(msg ?? '') };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-secret-'));
  warnings.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveSecret', () => {
  it('uses LATCHKEY_SECRET as given and writes nothing', () => {
    const secret = 's'.repeat(40);
    expect(resolveSecret({ configured: secret, production: true, dataDir: join(dir, 'data'), logger })).toBe(secret);
    expect(() => statSync(join(dir, 'data'))).toThrow();
    expect(warnings).toEqual([]);
  });

  it('in development creates a private secret file once and reuses it on later starts', () => {
    const dataDir = join(dir, 'data');
    const first = resolveSecret({ configured: undefined, production: false, dataDir, logger });
    const file = join(dataDir, 'secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = resolveSecret({ configured: undefined, production: false, dataDir, logger });
    expect(second).toBe(first);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/LATCHKEY_SECRET is not set/);
  });

  it('in production refuses to start without a secret and says how to make one', () => {
    const run = () => resolveSecret({ configured: undefined, production: true, dataDir: join(dir, 'data'), logger });
    expect(run).toThrow(StartupError);
    expect(run).toThrow(/LATCHKEY_SECRET is required when NODE_ENV=production/);
    expect(() => statSync(join(dir, 'data', 'secret'))).toThrow();
  });

  it('refuses a secret shorter than 32 characters, given or found in the file', () => {
    expect(() => resolveSecret({ configured: 'short', production: false, dataDir: dir, logger })).toThrow(
      /at least 32/,
    );
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'secret'), 'short\n');
    expect(() =>
      resolveSecret({ configured: undefined, production: false, dataDir: join(dir, 'data'), logger }),
    ).toThrow(/shorter than 32 characters; delete it/);
  });
});
