import {
  contractStatisticsSchema,
  customerStatisticsSchema,
  envelope,
  generalStatisticsSchema,
  invoiceStatisticsSchema,
  productStatisticsSchema,
  statisticsParamsSchema,
  statisticsQuerySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scoped } from '../../plugins/auth';
import {
  contractStatistics,
  customerStatistics,
  generalStatistics,
  invoiceStatistics,
  productStatistics,
} from './statistics.service';

/**
 * The statistics tabs (docs/accounting-data.md#statistics: GET statistics/contracts/{x}, statistics/customers/{x} and the
 * generic statistics/… for invoices, products and general). `{x}` is the period:
 * `last-12-months` or a year such as `2025`; each answer compares with the year before.
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statistics/general/:period',
    {
      ...scoped(app, 'statistics.read'),
      schema: {
        tags: ['statistics'],
        summary: 'Billed and paid per month, open balances, active customers and contracts',
        params: statisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: envelope(generalStatisticsSchema) },
      },
    },
    async (request) => ({ data: await generalStatistics(app.db, request.auth, request.params.period) }),
  );
  app.get(
    '/statistics/invoices/:period',
    {
      ...scoped(app, 'statistics.read'),
      schema: {
        tags: ['statistics'],
        summary: 'Invoices per month and by status, credit notes, payments, days to pay',
        params: statisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: envelope(invoiceStatisticsSchema) },
      },
    },
    async (request) => ({ data: await invoiceStatistics(app.db, request.auth, request.params.period) }),
  );
  app.get(
    '/statistics/customers/:period',
    {
      ...scoped(app, 'statistics.read'),
      schema: {
        tags: ['statistics'],
        summary: 'Customers by kind, billed customers per month, the customers billed most',
        params: statisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: envelope(customerStatisticsSchema) },
      },
    },
    async (request) => ({ data: await customerStatistics(app.db, request.auth, request.params.period) }),
  );
  app.get(
    '/statistics/contracts/:period',
    {
      ...scoped(app, 'statistics.read'),
      schema: {
        tags: ['statistics'],
        summary: 'Contracts by status and interval, starts and contract invoicing per month',
        params: statisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: envelope(contractStatisticsSchema) },
      },
    },
    async (request) => ({ data: await contractStatistics(app.db, request.auth, request.params.period) }),
  );
  app.get(
    '/statistics/products/:period',
    {
      ...scoped(app, 'statistics.read'),
      schema: {
        tags: ['statistics'],
        summary: 'Revenue ex VAT per article from invoice rows, with how many invoices have rows',
        params: statisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: envelope(productStatisticsSchema) },
      },
    },
    async (request) => ({ data: await productStatistics(app.db, request.auth, request.params.period) }),
  );
};
