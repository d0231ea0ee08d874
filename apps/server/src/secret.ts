/**
 * @module The secret that signs cookies. Production must supply one (a generated secret there
 * would change with every fresh container and sign everyone out); development generates one once
 * and keeps it in the data folder, so restarts keep their sessions.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULTS } from '@latchkey/server';

export const MIN_SECRET_LENGTH = DEFAULTS.minSecretLength;

/** A start-up refusal whose message is meant for the operator as it is. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

export interface SecretWarningLogger {
  warn(obj: object, msg?: string): void;
}

export interface ResolveSecretInput {
  /** LATCHKEY_SECRET, already checked for length by the configuration. */
  configured: string | undefined;
  production: boolean;
  dataDir: string;
  logger: SecretWarningLogger;
}

export function resolveSecret({ configured, production, dataDir, logger }: ResolveSecretInput): string {
  if (configured !== undefined) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new StartupError(`LATCHKEY_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
    }
    return configured;
  }
  if (production) {
    throw new StartupError(
      `LATCHKEY_SECRET is required when NODE_ENV=production: set it to at least ${MIN_SECRET_LENGTH} random characters ` +
        '(for example the output of `openssl rand -base64 48`). It signs session cookies.',
    );
  }
  const file = join(dataDir, 'secret');
  const secret = readOrCreateSecret(file);
  logger.warn(
    { file },
    'LATCHKEY_SECRET is not set: using a generated development secret. Set LATCHKEY_SECRET in production.',
  );
  return secret;
}

function readOrCreateSecret(file: string): string {
  const existing = readSecretFile(file);
  if (existing !== undefined) {
    if (existing.length >= MIN_SECRET_LENGTH) return existing;
    throw new StartupError(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to generate a new one.`,
    );
  }
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    // `wx`: two processes starting together must not overwrite each other's secret; 0600 because
    // whoever reads it can forge any session cookie.
    writeFileSync(file, secret + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readOrCreateSecret(file);
  }
  return secret;
}

function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
