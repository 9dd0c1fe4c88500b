import {
  createCustomerBodySchema,
  customerOptionSchema,
  customerSchema,
  customerSearchQuerySchema,
  customersExportQuerySchema,
  customersListQuerySchema,
  customersListSchema,
  envelope,
  idParamsSchema,
  updateCustomerBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { scoped } from '../../plugins/auth';
import { accountingDeps } from '../accounting/deps';
import { sendExport } from '../accounting/mirror/export-reply';
import {
  createCustomer,
  exportCustomers,
  getCustomer,
  listCustomersPage,
  searchCustomerOptions,
  updateCustomer,
} from './customers.service';

const noQuery = z.object({}).strict();

/** Customers of the club account in use (docs/accounting-data.md#customers): list, by id, search. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountingDeps(app);
  app.get(
    '/customers',
    {
      ...scoped(app, 'customers.read'),
      schema: {
        tags: ['customers'],
        summary: 'Customers from the accounting program: paged, sorted, searched and filtered',
        querystring: customersListQuerySchema,
        response: { 200: customersListSchema },
      },
    },
    async (request) => listCustomersPage(deps, request.auth, request.query),
  );

  app.get(
    '/customers/search',
    {
      ...scoped(app, 'customers.read'),
      schema: {
        tags: ['customers'],
        summary: 'Quick lookup by name or number (at most 20)',
        querystring: customerSearchQuerySchema,
        response: { 200: envelope(z.array(customerOptionSchema).max(20)) },
      },
    },
    async (request) => ({ data: await searchCustomerOptions(deps, request.auth, request.query.q) }),
  );

  app.get(
    '/customers/export',
    {
      ...scoped(app, 'customers.read'),
      schema: {
        tags: ['customers'],
        summary: 'The filtered list as CSV or Excel',
        querystring: customersExportQuerySchema,
        response: { 200: z.any().describe('The file (text/csv or .xlsx)') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, await exportCustomers(deps, request.auth, filter, format, getLang(request)));
    },
  );

  app.get(
    '/customers/:id',
    {
      ...scoped(app, 'customers.read'),
      schema: {
        tags: ['customers'],
        summary: 'One customer',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => ({ data: await getCustomer(deps, request.auth, request.params.id) }),
  );

  app.post(
    '/customers',
    {
      ...scoped(app, 'customers.write'),
      schema: {
        tags: ['customers'],
        summary: 'Create a customer in the accounting program',
        querystring: noQuery,
        body: createCustomerBodySchema,
        response: { 201: envelope(customerSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCustomer(deps, request.auth, request.body) }),
  );

  app.put(
    '/customers/:id',
    {
      ...scoped(app, 'customers.write'),
      schema: {
        tags: ['customers'],
        summary: 'Change a customer in the accounting program',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateCustomerBodySchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => ({ data: await updateCustomer(deps, request.auth, request.params.id, request.body) }),
  );
};
