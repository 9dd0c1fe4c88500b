import { envelope, gitReportStatusBodySchema, gitTransactionSchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../../lib/i18n';
import { scoped } from '../../../plugins/auth';
import { targetOf } from '../../accounting/access';
import { queueReportStatus } from './git-report.service';

const noQuery = z.object({}).strict();

/**
 * POST git/report-status: report payments (`paid`) or credits (`credited`) made in the
 * accounting program back to GIT, for the chosen invoice bases or every eligible one. The club
 * account in use is the GIT club account; its API configuration's `club_to_sync` is the program.
 */
export const gitReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = scoped(app, 'git.write');

  app.post(
    '/git/report-status',
    {
      ...write,
      schema: {
        tags: ['git'],
        summary:
          'Report paid or credited accounting invoices to GIT (mark paid / credit); answers the queued run of kind report_status',
        querystring: noQuery,
        body: gitReportStatusBodySchema,
        response: { 202: envelope(gitTransactionSchema) },
      },
      config: { ...write.config, rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const data = await queueReportStatus(app, targetOf(request.auth), {
        kinds: [request.body.kind],
        basisIds: request.body.basisIds ?? null,
        trigger: 'manual',
        caller: request.auth,
        lang: getLang(request),
      });
      return reply.code(202).send({ data });
    },
  );
};
