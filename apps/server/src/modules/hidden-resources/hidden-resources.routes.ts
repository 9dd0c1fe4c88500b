import { envelope, hiddenResourcesSchema, updateHiddenResourcesBodySchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../../plugins/auth';
import { tenantOf } from '../organizations/tenant';
import { findHiddenResources, saveHiddenResources } from './hidden-resources.repository';

const noQuery = z.object({}).strict();

/**
 * hidden_resources (docs/permissions.md#hidden-resources): the resources the signed-in user has hidden, kept per user and
 * organisation. Everyone manages only their own list, so sign-in is all it takes.
 */
export const hiddenResourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hidden_resources',
    {
      ...authenticated(app),
      schema: {
        tags: ['hidden_resources'],
        summary: 'The resources the signed-in user has hidden',
        querystring: noQuery,
        response: { 200: envelope(hiddenResourcesSchema) },
      },
    },
    async (request) => ({
      data: { resourceIds: await findHiddenResources(app.db, tenantOf(request.auth), request.auth.userId) },
    }),
  );

  app.put(
    '/hidden_resources',
    {
      ...authenticated(app),
      schema: {
        tags: ['hidden_resources'],
        summary: 'Replace the list of resources the signed-in user has hidden',
        querystring: noQuery,
        body: updateHiddenResourcesBodySchema,
        response: { 200: envelope(hiddenResourcesSchema) },
      },
    },
    async (request) => {
      // Order kept, duplicates dropped: the list is a set the client shows in its own order.
      const ids = [...new Set(request.body.resourceIds)];
      return { data: { resourceIds: await saveHiddenResources(app.db, tenantOf(request.auth), request.auth.userId, ids) } };
    },
  );
};
