import {
  accountingCallbackBodySchema,
  accountingCallbackResultSchema,
  accountingConnectSchema,
  connectorDetailsSchema,
  connectorKeySchema,
  envelope,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../../plugins/auth';
import { targetOf } from '../access';
import { connectorDetails, issueConnectorKey } from '../connector/connector.service';
import { completeConnection, disconnect, startConnection } from './connections.service';

const noQuery = z.object({}).strict();

/**
 * Connecting the club account in use to its accounting program, under /integrations/accounting
 * (the integrations page's accounting card): the OAuth round trip of a cloud program, and the
 * Visma Administration connector's status and key.
 */
export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = scoped(app, 'integrations.manage');
  app.post(
    '/integrations/accounting/connect',
    {
      ...manage,
      schema: {
        tags: ['integrations'],
        summary: "Start connecting the club account in use to its accounting program: answers the provider's consent page",
        querystring: noQuery,
        response: { 200: envelope(accountingConnectSchema) },
      },
      config: { ...manage.config, rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => ({ data: await startConnection(app, request.auth) }),
  );

  app.post(
    '/integrations/accounting/callback',
    {
      schema: {
        tags: ['integrations'],
        summary: "Complete a connection from the provider's page (/fortnox, /visma): the single-use state is the credential",
        querystring: noQuery,
        body: accountingCallbackBodySchema,
        response: { 200: envelope(accountingCallbackResultSchema) },
      },
      // Public (the state names the club account); a guessing burst is cut off.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => ({ data: await completeConnection(app, request.body) }),
  );

  app.delete(
    '/integrations/accounting',
    {
      ...manage,
      schema: {
        tags: ['integrations'],
        summary: 'Disconnect the club account in use from its accounting program (its tokens are deleted)',
        querystring: noQuery,
        response: { 200: envelope(z.object({ disconnected: z.literal(true) })) },
      },
    },
    async (request) => {
      await disconnect(app, request.auth);
      return { data: { disconnected: true as const } };
    },
  );

  const iso = (d: Date | null) => d?.toISOString() ?? null;
  app.get(
    '/integrations/accounting/connector',
    {
      ...scoped(app, 'company.read'),
      schema: {
        tags: ['integrations'],
        summary: 'The Visma Administration connector of the club account in use: status, key prefix, what it registered',
        querystring: noQuery,
        response: { 200: envelope(connectorDetailsSchema) },
      },
    },
    async (request) => {
      const d = await connectorDetails(app.db, targetOf(request.auth));
      return {
        data: {
          ...d,
          lastSeenAt: iso(d.lastSeenAt),
          registeredAt: iso(d.registeredAt),
          keyCreatedAt: iso(d.keyCreatedAt),
        },
      };
    },
  );

  app.post(
    '/integrations/accounting/connector/key',
    {
      ...manage,
      schema: {
        tags: ['integrations'],
        summary: 'A new connector key (the first, or a rotation that ends the old one); shown once, only its hash is kept',
        querystring: noQuery,
        response: { 201: envelope(connectorKeySchema) },
      },
      config: { ...manage.config, rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const issued = await issueConnectorKey(app.db, targetOf(request.auth));
      return reply
        .code(201)
        .send({ data: { key: issued.key, keyPrefix: issued.keyPrefix, createdAt: issued.createdAt.toISOString() } });
    },
  );
};
