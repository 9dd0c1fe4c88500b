import {
  envelope,
  gitArticleMappingSchema,
  gitArticleMappingsBodySchema,
  gitArticleMappingsQuerySchema,
  gitSyncBodySchema,
  gitSyncPreflightSchema,
  gitSyncSelectionSchema,
  gitTransactionSchema,
  idParamsSchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../../lib/i18n';
import { scoped } from '../../../plugins/auth';
import { targetOf } from '../../accounting/access';
import { getGitTransaction } from '../git.service';
import { preflightGitSync, queueGitSync } from './git-sync.service';
import { listArticleMappings, saveArticleMappings } from './git-sync-mappings.service';

const noQuery = z.object({}).strict();

/**
 * The GIT → accounting sync (contract routes): preflight, article mappings and the sync run. The
 * club account in use is the GIT club account; reading needs `git.read`, the rest `git.write`.
 */
export const gitSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'git.read');
  const write = scoped(app, 'git.write');
  const tags = ['git'];

  app.post(
    '/git/sync/preflight',
    {
      ...read,
      schema: {
        tags,
        summary:
          'What a sync of the chosen bases would do: the target, bases to invoice and to follow up, customers to create, unmapped articles, how the invoices are booked and sent',
        querystring: noQuery,
        body: gitSyncSelectionSchema,
        response: { 200: envelope(gitSyncPreflightSchema) },
      },
    },
    async (request) => ({ data: await preflightGitSync(app, targetOf(request.auth), request.body, request.auth) }),
  );

  app.get(
    '/git/article-mappings',
    {
      ...read,
      schema: {
        tags,
        summary: "GIT articles and the target club account's accounting article each is invoiced as",
        querystring: gitArticleMappingsQuerySchema,
        response: { 200: envelope(z.array(gitArticleMappingSchema)) },
      },
    },
    async (request) => ({
      data: await listArticleMappings(app, targetOf(request.auth), request.query.targetClubAccountId, request.auth),
    }),
  );

  app.put(
    '/git/article-mappings',
    {
      ...write,
      schema: {
        tags,
        summary: 'Map GIT articles to existing accounting articles, or create them in the accounting program (all or nothing)',
        querystring: noQuery,
        body: gitArticleMappingsBodySchema,
        response: { 200: envelope(z.array(gitArticleMappingSchema)) },
      },
    },
    async (request) => ({ data: await saveArticleMappings(app, request.auth, targetOf(request.auth), request.body) }),
  );

  app.get(
    '/git/transactions/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One run of the GIT transaction log (the sync dialog polls it for the progress bar)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(gitTransactionSchema) },
      },
    },
    async (request) => ({ data: await getGitTransaction(app, targetOf(request.auth), request.params.id) }),
  );

  app.post(
    '/git/sync',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Sync the chosen invoice bases to the accounting program, booking and sending as chosen for this run; answers the queued (or already running) run',
        querystring: noQuery,
        body: gitSyncBodySchema,
        response: { 202: envelope(gitTransactionSchema) },
      },
      config: { ...write.config, rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const gitTarget = targetOf(request.auth);
      const runId = await queueGitSync(app, gitTarget, {
        ...request.body,
        trigger: 'manual',
        caller: request.auth,
        userId: request.auth.userId,
        lang: getLang(request),
      });
      return reply.code(202).send({ data: await getGitTransaction(app, gitTarget, runId as string) });
    },
  );
};
