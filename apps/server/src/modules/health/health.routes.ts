import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationStatus, readJournal } from '../../db/migrate';

const DB_TIMEOUT_MS = 3000;

export const healthResponseSchema = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.boolean(),
    migrations: z.object({
      applied: z.number().int(),
      expected: z.number().int(),
      current: z.boolean(),
    }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /api/health` for load balancers and people: 200 while the database answers (status
 * 'degraded' if it lacks migrations this build ships), 503 when it does not.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Database reachable and migrations current',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const migrations = await withTimeout(
          (async () => {
            await app.database.executeSql('select 1');
            return migrationStatus(app.db);
          })(),
          DB_TIMEOUT_MS,
        );
        return reply.code(200).send({
          data: { status: migrations.current ? 'ok' : 'degraded', database: true, migrations },
        });
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({
          data: {
            status: 'degraded',
            database: false,
            migrations: { applied: 0, expected: readJournal().length, current: false },
          },
        });
      }
    },
  );
};
