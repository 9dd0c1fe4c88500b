import { envelope, integrationRequestSchema, integrationsSchema, requestIntegrationBodySchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../plugins/auth';
import { listIntegrations, requestIntegration } from './integrations.service';

const noQuery = z.object({}).strict();

/**
 * The integrations page (apps/web/src/features/integrations): each system of the club account in
 * use with its status, and the request for a new integration. Connecting the accounting program
 * is modules/accounting/connection/connection.routes.ts.
 */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations',
    {
      ...scoped(app, 'company.read'),
      schema: {
        tags: ['integrations'],
        summary: 'Accounting program, GIT, SMS and e-mail of the club account in use, with their status',
        querystring: noQuery,
        response: { 200: envelope(integrationsSchema) },
      },
    },
    async (request) => ({ data: await listIntegrations(app, request.auth) }),
  );

  const requestScope = scoped(app, 'integrations.manage');
  app.post(
    '/request_integration',
    {
      ...requestScope,
      schema: {
        tags: ['integrations'],
        summary: 'Ask for an integration with a system; our support is e-mailed and replies within 48 hours',
        querystring: noQuery,
        body: requestIntegrationBodySchema,
        response: { 201: envelope(integrationRequestSchema) },
      },
      // Each request e-mails our support; a burst is a mistake or abuse.
      config: { ...requestScope.config, rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => reply.code(201).send({ data: await requestIntegration(app, request.auth, request.body) }),
  );
};
