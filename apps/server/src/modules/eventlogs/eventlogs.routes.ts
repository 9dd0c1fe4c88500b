import { eventLogSchema, eventLogsListQuerySchema, listEnvelope } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLang } from '../../lib/i18n';
import { scoped } from '../../plugins/auth';
import { tenantOf } from '../organizations/tenant';
import { getEventLogs } from './eventlogs.service';

export const eventlogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/eventlogs',
    {
      ...scoped(app, 'eventlog.read'),
      schema: {
        tags: ['eventlogs'],
        summary: "The organisation's event log, newest first: filter by type, resource, days (from/to, Swedish time) and text",
        querystring: eventLogsListQuerySchema,
        response: { 200: listEnvelope(eventLogSchema) },
      },
    },
    async (request) => getEventLogs(app.db, tenantOf(request.auth), request.query, getLang(request)),
  );
};
