/**
 * @module axe-core run inside the page: its source is read from node_modules and injected as a
 * script (no network). The page's CSP forbids inline scripts, so contexts that audit are opened
 * with `bypassCSP: true`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

export interface AxeScope {
  /** Selectors of the parts to audit; the whole document when absent. */
  include?: string[];
  /** Rules turned off (a page audited in parts has each part's rule run on it instead). */
  skipRules?: string[];
  /** Only these rules. */
  onlyRules?: string[];
}

/**
 * The page's axe violations (WCAG 2.x A and AA rules and axe's best practices), empty when none;
 * `scope` narrows a very long page's audit (the API reference: axe takes minutes over all of it).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async ({ include, skipRules, onlyRules }) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document | { include: string[][] }, options: RunOptions): Promise<AxeResults> };
      }
    ).axe;
    const options: RunOptions = { resultTypes: ['violations'] };
    if (onlyRules) options.runOnly = { type: 'rule', values: onlyRules };
    if (skipRules) options.rules = Object.fromEntries(skipRules.map((rule) => [rule, { enabled: false }]));
    const results = await axe.run(include ? { include: include.map((selector) => [selector]) } : document, options);
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      // The failure summary names the colours and ratio of a contrast failure.
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  }, scope);
}
