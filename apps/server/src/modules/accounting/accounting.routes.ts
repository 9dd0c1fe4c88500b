import { CODE_LIST_KINDS, codeListsSchema, envelope } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { renderFailure } from '../../lib/failure';
import { getLang } from '../../lib/i18n';
import { authenticated, scoped } from '../../plugins/auth';
import { targetOf } from './access';
import { queueMirrorRefresh } from './refresh/queue';
import { findRun, latestRuns, listCodeItems, type SyncRunRow } from './refresh/refresh.repository';

const noQuery = z.object({}).strict();

/** `run`: the refresh to follow (its id from POST synchronize); without it, the latest one. */
const runQuery = z.object({ run: z.string().uuid().optional() }).strict();

const syncRunSchema = z.object({
  id: z.string().uuid(),
  trigger: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  counts: z.record(z.string(), z.object({ fetched: z.number().int(), upserted: z.number().int() })),
  currentResource: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/**
 * The accounting program's code lists for the forms (`customizations`) and the refresh of the
 * portal's copy of the program's data (`synchronize`, docs/accounting.md#refresh).
 */
export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customizations',
    {
      ...authenticated(app),
      schema: {
        tags: ['accounting'],
        summary: "Units, price lists, cost centres, projects and terms of the club account's accounting program",
        querystring: noQuery,
        response: { 200: envelope(codeListsSchema) },
      },
    },
    async (request) => {
      const target = targetOf(request.auth);
      const items = await listCodeItems(app.db, { organisationId: target.organisationId }, target.clubAccountId, CODE_LIST_KINDS);
      const lists = Object.fromEntries(CODE_LIST_KINDS.map((k) => [k, [] as z.infer<typeof codeListsSchema>[typeof k]]));
      for (const item of items)
        lists[item.kind]?.push({ code: item.code, name: item.name, days: item.days, active: item.active });
      return { data: lists as z.infer<typeof codeListsSchema> };
    },
  );

  app.get(
    '/synchronize',
    {
      ...scoped(app, 'invoices.read'),
      schema: {
        tags: ['accounting'],
        summary: 'The latest refresh of the portal copy of the accounting data (or the one asked for), with progress',
        querystring: runQuery,
        response: { 200: envelope(syncRunSchema.nullable()) },
      },
    },
    async (request) => {
      const target = targetOf(request.auth);
      const tenant = { organisationId: target.organisationId };
      // A run asked for by id: a scheduled run queued while it works must not hide it from the page following it.
      let run: SyncRunRow | undefined = (await latestRuns(app.db, tenant, target.clubAccountId, 1))[0];
      if (request.query.run) {
        // Another club account's or organisation's run is not found, like any other row.
        run = (await findRun(app.db, tenant, target.clubAccountId, request.query.run)) ?? undefined;
        if (!run) throw new NotFoundError();
      }
      return {
        data: run
          ? {
              id: run.id,
              trigger: run.trigger,
              status: run.status as 'queued' | 'running' | 'succeeded' | 'failed',
              counts: run.counts,
              currentResource: run.currentResource,
              error: renderFailure(run.error, getLang(request)),
              startedAt: run.startedAt?.toISOString() ?? null,
              finishedAt: run.finishedAt?.toISOString() ?? null,
            }
          : null,
      };
    },
  );

  const refresh = scoped(app, 'invoices.read');
  app.post(
    '/synchronize',
    {
      ...refresh,
      schema: {
        tags: ['accounting'],
        summary: 'Refresh the portal copy of the accounting data now',
        querystring: noQuery,
        response: { 202: envelope(z.object({ runId: z.string().uuid() })) },
      },
      config: { ...refresh.config, rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const runId = await queueMirrorRefresh(app, targetOf(request.auth), 'manual');
      return reply.code(202).send({ data: { runId } });
    },
  );
};
