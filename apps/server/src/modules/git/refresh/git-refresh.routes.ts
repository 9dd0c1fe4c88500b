import { envelope, gitTransactionSchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../../plugins/auth';
import { targetOf } from '../../accounting/access';
import { getGitTransaction } from '../git.service';
import { queueGitRefresh } from './git-refresh.service';

const noQuery = z.object({}).strict();

/** POST git/refresh (docs/git.md#refresh): a manual refresh of the portal's copy of GIT (`git.write`). */
export const gitRefreshRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = scoped(app, 'git.write');
  const tags = ['git'];

  app.post(
    '/git/refresh',
    {
      ...write,
      schema: {
        tags,
        summary: 'Refresh the portal copy of GIT now; answers the queued run',
        querystring: noQuery,
        response: { 202: envelope(gitTransactionSchema) },
      },
      config: { ...write.config, rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const target = targetOf(request.auth);
      const runId = await queueGitRefresh(app, target, 'manual');
      return reply.code(202).send({ data: await getGitTransaction(app, target, runId) });
    },
  );
};
