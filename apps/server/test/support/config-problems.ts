/**
 * @module The problems `loadConfig` refuses an environment with, for the configuration tests.
 */
import { ConfigError, loadConfig, type Env } from '../../src/config';

export function problemsOf(env: Env, cwd = '/srv/latchkey'): readonly string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
