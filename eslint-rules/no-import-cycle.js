// @ts-check
/**
 * @module An ESLint rule: no module imports a module that leads back to it, type-only imports
 * included. `import/no-cycle` skips `import type` (eslint-plugin-import 2.32 says so in its source),
 * and type imports were how the engine's context, stores, options and plugin contract came to
 * tie one knot. Imports are read and resolved as TypeScript does (the root tsconfig.json), so
 * workspace packages, `export … from` and `import()` count too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const parsed = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  },
);
const compilerOptions = parsed?.options ?? {};
const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, compilerOptions);

/** Each module's resolved imports, kept while its file is unchanged (an editor lints on). */
const modules = new Map();

/** @returns {string | undefined} a source file of this repository, or nothing for a library. */
function resolve(specifier, from) {
  const resolved = ts.resolveModuleName(specifier, from, compilerOptions, ts.sys, resolutionCache).resolvedModule;
  if (!resolved || resolved.extension === '.d.ts') return undefined;
  const file = path.resolve(resolved.resolvedFileName);
  if (!file.startsWith(root + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
  return file;
}

/** @returns {string[]} */
function importsOf(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = modules.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [
    ...new Set(importedFiles.map(({ fileName }) => resolve(fileName, file)).filter((f) => f !== undefined)),
  ];
  modules.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

/** The shortest way from `start` back to `target`, or none. */
function pathBack(start, target) {
  const cameFrom = new Map([[start, '']]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      if (next === target) {
        const route = [next];
        for (let at = current; at; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      queue.push(next);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports, type-only ones included, that lead back to the importing module.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}. Move what both need into a leaf module.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    /** @param {import('estree').Node} node @param {unknown} specifier */
    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier, file);
      if (!target || target === file) return;
      const route = pathBack(target, file);
      if (route)
        context.report({
          node,
          messageId: 'cycle',
          data: { route: [file, ...route].map((f) => path.relative(root, f)).join(' -> ') },
        });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
