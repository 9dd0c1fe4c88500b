import { dashboardStatsSchema, envelope } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../plugins/auth';
import { dashboardStats } from './dashboard.service';

/** The dashboard home's figures (`GET dashboard/stats`, docs/accounting-data.md#dashboard). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/stats',
    {
      ...scoped(app, 'invoices.read'),
      schema: {
        tags: ['dashboard'],
        summary: 'Billed this month, unpaid invoices, revenue this year, the 12-month chart and the unpaid table',
        querystring: z.object({}).strict(),
        response: { 200: envelope(dashboardStatsSchema) },
      },
    },
    async (request) => ({ data: await dashboardStats(app.db, request.auth) }),
  );
};
