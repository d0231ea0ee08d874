/**
 * @module One log line per answered request: method, path, status, duration and request id.
 * The query string is never written (it carries one-time tokens: `verify-email?token=…`), nor the
 * token in the path of a password-reset link. Probes (`/api/auth/ok`, `/readyz`, `/metrics`) and
 * the web app's files (a path ending in a file extension) are logged at debug, so a health check
 * every few seconds does not bury the requests people make; every other request at info.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestLogger {
  info(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
  isLevelEnabled(level: string): boolean;
}

/** Starts timing a request and logs it once its response is done (or its connection gone). */
export type LogRequest = (request: IncomingMessage, response: ServerResponse, requestId: string) => void;

interface RequestEntry {
  requestId: string;
  method: string | undefined;
  path: string;
  status: number;
  durationMs: number;
  aborted?: true;
}

const FILE_EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

export function createRequestLog(logger: RequestLogger, basePath: string): LogRequest {
  const quietPaths = new Set([`${basePath}/ok`, '/readyz', '/metrics']);
  const resetLink = `${basePath}/reset-password/`;
  // The level is fixed at start: with LOG_LEVEL=warn (the benchmarks) no request pays for a listener.
  const info = logger.isLevelEnabled('info');
  const debug = logger.isLevelEnabled('debug');
  return (request, response, requestId) => {
    if (!info) return;
    const path = loggablePath(request.url ?? '/', resetLink);
    const quiet = quietPaths.has(path) || (!path.startsWith('/api/') && FILE_EXTENSION.test(path));
    if (quiet && !debug) return;
    const started = performance.now();
    // `on`, not `once`: a response closes once, and `once` would wrap the listener on every request.
    response.on('close', () => {
      const entry: RequestEntry = {
        requestId,
        method: request.method,
        path,
        status: response.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
      // The client went away before the whole answer was written.
      if (!response.writableFinished) entry.aborted = true;
      if (quiet) logger.debug(entry, 'Request');
      else logger.info(entry, 'Request');
    });
  };
}

/** The path without its query, and with a reset link's token cut off. */
export function loggablePath(url: string, resetLink: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.startsWith(resetLink) ? resetLink + '…' : path;
}
