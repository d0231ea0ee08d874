/**
 * @module The server's logger: readable lines (pino-pretty) for a person at a terminal, JSON lines
 * for everything else (a log collector, a file, production). pino-pretty is imported only when
 * used, so a production process never loads it.
 */
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

export type LogFormat = 'pretty' | 'json';

/** Production logs are read by machines even when someone watches them in a terminal. */
export function logFormat(stdoutIsTTY: boolean, production: boolean): LogFormat {
  return stdoutIsTTY && !production ? 'pretty' : 'json';
}

export async function createLogger(
  level: LogLevel,
  production: boolean,
  stdoutIsTTY = process.stdout.isTTY === true,
): Promise<Logger> {
  if (logFormat(stdoutIsTTY, production) === 'json') return pino({ level });
  const { default: pretty } = await import('pino-pretty');
  // Synchronous: the last lines before `process.exit` (a failed start, "Stopped") are not lost.
  return pino(
    { level },
    pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
  );
}
