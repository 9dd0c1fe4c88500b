import '@fairway/shared';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LoggerOptions } from 'pino';
import type { Config } from './config';
import { createDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { healthRoutes } from './modules/health/health.routes';
import { blogPagesPlugin } from './modules/help/blog-pages';
import { helpMediaRoutes } from './modules/help/help-media';
import { type RouteModule, routeModules } from './modules/index';
import { landingSeoRoutes } from './modules/landing/landing-seo.routes';
import { authPlugin } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin, handleClientError, sendError, sendNotFound } from './plugins/error-handler';
import { jobsPlugin } from './plugins/jobs';
import { registerRateLimit } from './plugins/rate-limit';
import { runsPlugin } from './plugins/runs';
import { simulatorsPlugin } from './plugins/simulators';
import { smsProviderPlugin } from './plugins/sms-provider';
import { registerWebApp } from './plugins/static';
import { storableTextPlugin } from './plugins/storable-text';
import { swaggerPlugin } from './plugins/swagger';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  /** The route modules mounted under /api/v1; defaults to `routeModules` of modules/index.ts. */
  modules?: readonly RouteModule[];
  /** An open database to use instead of opening one from `config`; `app.close()` closes it. */
  database?: Database;
  /** Replaces the logger settings derived from config (e.g. `false`, or a pino stream). */
  logger?: LoggerOptions | boolean | { stream: NodeJS.WritableStream; level?: string };
  /** Called after each step of the build with the step's name (main.ts logs the start's phases). */
  phase?: (name: string) => void;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A caller's X-Request-Id is kept (and echoed) when it is sane, so logs line up across hops. */
function genReqId(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

function loggerOptions(config: Config): LoggerOptions {
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
}

/**
 * Builds the whole server — database (migrated), jobs, plugins, routes, the web app — and
 * returns it ready: tests `inject()` into it, main.ts listens, worker.ts only runs its jobs.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const database =
    options.database ??
    (await createDatabase(config, {
      onError: (error) => console.error('database pool error:', error.message),
    }));
  try {
    await runMigrations(database);
    options.phase?.('migrations checked');
    // From here on the database holds every query to the organisation it runs for.
    database.useAppRole();
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: (options.logger ?? loggerOptions(config)) as LoggerOptions,
    genReqId,
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Errors the router meets before any route (a malformed or too long path parameter) and
    // requests node's parser refuses answer in the same shape as the rest (error-handler.ts).
    frameworkErrors: (error, request, reply) => sendError(request, reply, error),
    clientErrorHandler: handleClientError,
    // Starting the workers, the run sweep and the mail re-dispatch (onReady hooks) and the plugins
    // can take longer than Fastify's 10 s on a loaded machine; a restart must not fail for that.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    await app.register(errorHandlerPlugin);
    // First, so that its onSend hook sees every answer, errors and the web app's files included.
    await registerCompression(app);
    await app.register(storableTextPlugin);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine and Emotion write style attributes and <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The invoice preview shows the PDF it fetched in an <iframe> of a blob: URL
          // (apps/web/src/features/invoices/components/invoice-actions.tsx); nothing else is framed.
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          // The default start is plain HTTP on localhost; upgrading would break it.
          upgradeInsecureRequests: null,
        },
      },
    });
    await registerRateLimit(app, database);
    await app.register(multipart, {
      limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 25 },
    });
    // Database and simulators before jobs: onClose hooks run in reverse order, so jobs stop first
    // (a run still working at shutdown reaches the simulated program until it stops).
    await app.register(databasePlugin, { database });
    // After the database: its onClose hook, which ends a running render, then runs first.
    await app.register(blogPagesPlugin);
    await app.register(simulatorsPlugin);
    await app.register(jobsPlugin, { runWorkers: config.RUN_WORKERS });
    options.phase?.('job queue started');
    await app.register(runsPlugin);
    await app.register(smsProviderPlugin);
    await app.register(swaggerPlugin, { config });
    await app.register(authPlugin);

    await app.register(healthRoutes, { prefix: '/api' });
    // sitemap.xml and robots.txt live at the root, where crawlers look for them.
    await app.register(landingSeoRoutes);
    // Video guides, posters, tracks and screenshots at /media/ (help-media.ts).
    await app.register(helpMediaRoutes);
    for (const module of options.modules ?? routeModules) {
      await app.register(module, { prefix: API_PREFIX });
    }

    options.phase?.('routes registered');
    const webApp = await registerWebApp(app, config.WEB_DIST, config.BRAND, (url) => app.blogPages.pageFor(url));
    app.setNotFoundHandler((request, reply) => {
      if (webApp?.wants(request)) return webApp.sendIndex(request, reply);
      return sendNotFound(request, reply);
    });

    await app.ready();
    options.phase?.('ready (workers started, runs swept)');
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}
