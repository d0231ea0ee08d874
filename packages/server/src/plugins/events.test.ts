/**
 * Each bundled plugin declares the events it emits (its events.ts), and only those: an event it
 * emits that it does not declare is the core's, never another plugin's, and it declares none it
 * never emits. The typecheck proves every emitted type is in the registry; this proves whose it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PLUGINS = new URL('.', import.meta.url).pathname;
const folders = readdirSync(PLUGINS, { withFileTypes: true }).filter((entry) => entry.isDirectory());

/** The string array its events.ts exports, or none for a plugin without events.ts. */
async function declaredEvents(folder: string): Promise<readonly string[]> {
  const files = readdirSync(join(PLUGINS, folder));
  if (!files.includes('events.ts')) return [];
  const exports: Record<string, unknown> = await import(`./${folder}/events.ts`);
  const lists = Object.values(exports).filter((value): value is string[] => Array.isArray(value));
  expect(lists, `${folder}/events.ts exports one list`).toHaveLength(1);
  return lists[0]!;
}

/** The literal types given to `emitEvent` anywhere in the plugin's sources. */
function emittedEvents(folder: string): Set<string> {
  const emitted = new Set<string>();
  const sources = readdirSync(join(PLUGINS, folder), { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of sources) {
    const text = readFileSync(join(PLUGINS, folder, file), 'utf8');
    for (const match of text.matchAll(/emitEvent\(\s*(?:\{[^}]*\}|[\w.]+)\s*,\s*'([a-z-]+)'/g)) emitted.add(match[1]!);
  }
  return emitted;
}

describe('plugin events', async () => {
  const declared = new Map(
    await Promise.all(folders.map(async ({ name }) => [name, await declaredEvents(name)] as const)),
  );

  it.each(folders.map(({ name }) => name))(
    '%s emits only its own events and core ones, and declares no other',
    (folder) => {
      const own = declared.get(folder)!;
      const emitted = emittedEvents(folder);
      for (const type of emitted) {
        if (own.includes(type)) continue;
        const owners = [...declared].filter(([, types]) => types.includes(type)).map(([name]) => name);
        expect(owners, `${folder} emits ${type}`).toEqual([]);
      }
      expect(own.filter((type) => !emitted.has(type))).toEqual([]);
    },
  );
});
