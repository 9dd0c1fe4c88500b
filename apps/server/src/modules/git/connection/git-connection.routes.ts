import { envelope, gitConnectBodySchema, gitConnectionSchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../../plugins/auth';
import { targetOf } from '../../accounting/access';
import { queueGitRefresh } from '../refresh/git-refresh.service';
import { connectGit, disconnectGit, findGitConnection, toConnectionInfo } from './git-connections.service';

const noQuery = z.object({}).strict();

/**
 * The club account's GIT connection (docs/git.md#connection): read it (`git.read`), connect or
 * reconnect, and disconnect (`git.write`). Connecting queues the first refresh.
 */
export const gitConnectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'git.read');
  const write = scoped(app, 'git.write');
  const tags = ['git'];

  app.get(
    '/git/connection',
    {
      ...read,
      schema: {
        tags,
        summary: "The club account's GIT connection",
        querystring: noQuery,
        response: { 200: envelope(gitConnectionSchema) },
      },
    },
    async (request) => ({ data: await toConnectionInfo(app, await findGitConnection(app.db, targetOf(request.auth))) }),
  );

  app.put(
    '/git/connection',
    {
      ...write,
      schema: {
        tags,
        summary: 'Connect (or reconnect) GIT: the club id and API key are tried against GIT before they are stored',
        querystring: noQuery,
        body: gitConnectBodySchema,
        response: { 200: envelope(gitConnectionSchema) },
      },
      config: { ...write.config, rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const target = targetOf(request.auth);
      const data = await connectGit(app, target, request.body, request.auth.userId);
      await queueGitRefresh(app, target, 'initial');
      return { data };
    },
  );

  app.delete(
    '/git/connection',
    {
      ...write,
      schema: {
        tags,
        summary: 'Disconnect GIT (the key is forgotten)',
        querystring: noQuery,
        response: { 200: envelope(gitConnectionSchema) },
      },
    },
    async (request) => ({ data: await disconnectGit(app, targetOf(request.auth)) }),
  );
};
