/**
 * @module The standalone server's entry point: configuration from the environment, the secret,
 * migrations and the admins of LATCHKEY_ADMIN_EMAILS, then the HTTP server (with `/readyz`, and
 * `/metrics` when configured); graceful shutdown on SIGTERM/SIGINT.
 */
import type { Server } from 'node:http';
import { DEFAULTS, createAuth, createRedisRevocationFeed, createRedisStore, normalizeIp } from '@latchkey/server';
import type { Logger } from 'pino';
import { ConfigError, loadConfig } from './config';
import { openConfiguredGeoIp } from './geoip';
import { createHttpServer, type ServerRoute } from './http-server';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { METRICS_PATH, listenForMetrics, metricsRoute } from './metrics-endpoint';
import { serverPlugins } from './plugins';
import { readinessRoute } from './readiness';
import { createRequestLog } from './request-log';
import { StartupError, resolveSecret } from './secret';
import { createServerMail } from './server-mail';
import { buildSocialProviders } from './social-providers';
import { createWebApp } from './web-app';

/** Below the 10 s most orchestrators wait between SIGTERM and SIGKILL. */
const SHUTDOWN_TIMEOUT_MS = 8_000;

async function main(): Promise<void> {
  // `npm start` runs in apps/server; relative paths mean the folder the user started npm in.
  const config = loadConfig(process.env, process.env.INIT_CWD || process.cwd());
  const logger = await createLogger(config.logLevel, config.production);
  keepRunningOnStrayErrors(logger);

  const ipLocation = await openConfiguredGeoIp(config.geoipDatabase);
  const secret = resolveSecret({
    configured: config.secret,
    production: config.production,
    dataDir: config.dataDir,
    logger,
  });
  // Redis carries what instances share: counters, and the revocations no cookie cache may outlive.
  const storage = config.redisUrl ? createRedisStore(config.redisUrl, { logger }) : undefined;
  const revocationFeed = config.redisUrl ? createRedisRevocationFeed(config.redisUrl, { logger }) : undefined;
  const mail = createServerMail(config, logger);
  // prom-client is loaded only here: a server without metrics does not hold it in memory.
  const metrics = config.metricsToken || config.metricsPort ? await createMetrics() : undefined;
  // Without a mailer (production without SMTP_URL) nothing waits for a mail that cannot be sent:
  // sign-up skips the verification mail and delete-user deletes on the password or a fresh session.
  const canMail = mail.mailer !== undefined;
  if (!canMail && config.requireEmailVerification) {
    logger.warn(
      {},
      'REQUIRE_EMAIL_VERIFICATION is on but no mail can be sent: new password users cannot verify their address, so cannot sign in',
    );
  }
  const auth = createAuth({
    baseURL: config.baseURL,
    secret,
    previousSecrets: [...config.previousSecrets],
    database: { url: config.databaseUrl },
    trustedOrigins: [...config.trustedOrigins],
    trustedProxies: [...config.trustedProxies],
    rateLimit: { enabled: config.rateLimit },
    storage,
    revocationFeed,
    logger,
    observers: metrics ? [metrics.observer] : [],
    mailer: mail.mailer,
    emailAndPassword: { requireEmailVerification: config.requireEmailVerification },
    emailVerification: {
      sendOnSignUp: config.sendVerificationOnSignUp && canMail,
      autoSignInAfterVerification: config.autoSignInAfterVerification,
    },
    user: {
      changeEmail: { enabled: true },
      deleteUser: { enabled: true, sendDeleteAccountVerification: config.deleteAccountVerification && canMail },
    },
    advanced: { cookiePrefix: config.cookiePrefix },
    prune: config.pruneIntervalSeconds > 0 ? { intervalSeconds: config.pruneIntervalSeconds } : { enabled: false },
    socialProviders: buildSocialProviders(config.socialProviders),
    plugins: serverPlugins(config),
    ipLocation,
  });
  metrics?.watchPool(() => auth.poolStats());
  const closeAll = async () => {
    await auth.close();
    await storage?.close();
    await revocationFeed?.close();
    mail.close();
  };
  try {
    await auth.migrate();
    // Users who signed up before their address was listed; a no-op once they are admins.
    const { promoted } = await auth.api.promoteAdminEmails();
    if (promoted > 0) logger.info({ promoted }, 'Gave the admin role to users listed in LATCHKEY_ADMIN_EMAILS');
  } catch (error) {
    await closeAll();
    throw error;
  }

  const https = config.baseURL.startsWith('https:');
  const webApp = createWebApp(config.webDir, { https });
  if (!webApp)
    logger.warn(
      { dir: config.webDir },
      'The web app is not built (npm run build -w @latchkey/web): serving the API only',
    );
  const routes = new Map<string, ServerRoute>([
    [
      '/readyz',
      readinessRoute(
        { pendingMigrations: () => auth.pendingMigrations(), pingRedis: storage && (() => storage.ping()) },
        logger,
      ),
    ],
  ]);
  if (metrics && config.metricsToken) routes.set(METRICS_PATH, metricsRoute(metrics, config.metricsToken));
  const http = createHttpServer({
    handler: auth.nodeHandler,
    basePath: DEFAULTS.basePath,
    logger,
    outbox: mail.outbox,
    webApp,
    trustedProxies: new Set(config.trustedProxies.map(normalizeIp).filter(Boolean)),
    logRequest: createRequestLog(logger, DEFAULTS.basePath),
    routes,
    strictTransport: https,
  });
  await listen(http.server, config.port, config.host);
  const metricsServer =
    metrics && config.metricsPort !== undefined
      ? await listenForMetrics(metrics, config.metricsPort, (error) =>
          logger.error({ err: error }, 'Metrics listener error'),
        )
      : undefined;
  // After start-up an error here (EMFILE on accept, say) must be logged, not thrown at the process.
  http.server.on('error', (error) => logger.error({ err: error }, 'HTTP server error'));
  logger.info(
    {
      url: config.baseURL,
      port: config.port,
      host: config.host ?? 'all interfaces',
      dialect: config.dialect,
      ...(config.dialect === 'sqlite' && { file: config.databaseUrl }),
      counters: storage ? 'redis' : 'memory',
      geoip: config.geoipDatabase ?? 'off',
      mail: config.smtpUrl ? 'smtp' : mail.outbox ? 'outbox' : 'off',
      metrics: metricsServer
        ? `http://127.0.0.1:${config.metricsPort}${METRICS_PATH}`
        : config.metricsToken
          ? 'token'
          : 'off',
    },
    `Latchkey listening on ${config.baseURL}`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'Second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'Shutting down: finishing in-flight requests');
    metricsServer?.close();
    await http.close(SHUTDOWN_TIMEOUT_MS);
    await closeAll();
    logger.info({}, 'Stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void stop(s));
}

/** `host` undefined: every interface, as Node binds by default. */
function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * One request's bug must not end every other user's session: whatever escapes is logged loudly
 * and the process carries on. Nothing in this process holds state another request depends on
 * beyond caches, so continuing is safe, and the log is where the bug gets noticed.
 */
function keepRunningOnStrayErrors(logger: Logger): void {
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'Unhandled promise rejection'));
  process.on('uncaughtException', (error) => logger.error({ err: error }, 'Uncaught exception'));
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof StartupError;
  process.stderr.write(
    `latchkey: ${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
