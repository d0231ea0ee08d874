// @ts-check
/**
 * @module The bundled plugins as the tree has them, for eslint.config.js: their folders under
 * packages/server/src/plugins and the plugin values the package entry exports from them. Read
 * rather than listed by hand, so a new plugin is linted by its folder and its export line alone.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** @param {string} dir @returns {string[]} the plugin folders' names */
export function bundledPluginFolders(dir) {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  if (folders.length === 0) throw new Error(`eslint.config.js: no plugin folder under ${dir}`);
  return folders;
}

/**
 * The names exported as `xPlugin` from `./plugins/…` by the package entry (`export { adminPlugin,
 * … } from './plugins/admin'`, on one line or several).
 * @param {string} entry @returns {string[]}
 */
export function bundledPluginExports(entry) {
  const source = readFileSync(entry, 'utf8');
  const names = [];
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/plugins\/[^']+'/g)) {
    for (const item of list.split(',')) {
      const name =
        item
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '';
      if (/^\w+Plugin$/.test(name)) names.push(name);
    }
  }
  if (names.length === 0) throw new Error(`eslint.config.js: no plugin exported from ./plugins in ${entry}`);
  return names.sort();
}
