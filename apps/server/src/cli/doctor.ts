/**
 * @module `latchkey doctor`: checks a deployment with the server's own environment and reports one
 * line per finding (✓ in order, ! a warning, ✗ a problem with its fix): the configuration, the
 * database (reachable, migrated, its clock), and Redis, SMTP and the social providers where they
 * are configured. It changes nothing and sends no mail; every network check has a timeout. Exit
 * code 1 when anything is ✗, else 0.
 */
import { describeError, fail, formatResult, type CheckResult } from './doctor/check';
import { checkConfiguration } from './doctor/configuration';
import { checkDatabase } from './doctor/database';
import { checkRedis } from './doctor/redis';
import { checkSmtp } from './doctor/smtp';
import { checkSocialProviders } from './doctor/social-providers';
import type { CliIo } from './create-admin';

export async function runDoctor(io: CliIo): Promise<number> {
  const { config, refused, results: configuration } = checkConfiguration(io.env, io.cwd);
  const results: CheckResult[] = [...configuration];
  if (config) {
    const { redisUrl, smtpUrl } = config;
    // Independent of each other, so they run together and the slowest sets the run's length.
    const groups = await Promise.all([
      refused.has('DATABASE_URL') ? [] : guarded('database', () => checkDatabase(config)),
      redisUrl ? guarded('redis', async () => [await checkRedis(redisUrl)]) : [],
      smtpUrl ? guarded('smtp', async () => [await checkSmtp(smtpUrl)]) : [],
      guarded('social sign-in', () => checkSocialProviders(config)),
    ]);
    results.push(...groups.flat());
  }
  for (const result of results) io.stdout(formatResult(result));
  const problems = results.filter((result) => result.status === 'fail').length;
  const warnings = results.filter((result) => result.status === 'warn').length;
  if (!config) io.stdout('The other checks need a configuration that loads: fix the lines above first.');
  io.stdout(summary(problems, warnings));
  return problems > 0 ? 1 : 0;
}

/** A check that breaks is reported as its own ✗, never as a crash of the whole run. */
async function guarded(subject: string, check: () => Promise<CheckResult[]>): Promise<CheckResult[]> {
  try {
    return await check();
  } catch (error) {
    return [fail(subject, `the check itself failed: ${describeError(error)}`, 'report this with the line above')];
  }
}

function summary(problems: number, warnings: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (problems === 0 && warnings === 0) return 'No problems found.';
  return `${plural(problems, 'problem')}, ${plural(warnings, 'warning')}.`;
}
