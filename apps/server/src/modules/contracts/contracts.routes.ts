import {
  contractInvoiceBodySchema,
  contractInvoiceSchema,
  contractPriceChangeSchema,
  contractSchedulesQuerySchema,
  contractSchedulesSchema,
  contractSchema,
  contractsExportQuerySchema,
  contractsListQuerySchema,
  contractsListSchema,
  contractTagsBodySchema,
  contractTagsListSchema,
  contractTagsQuerySchema,
  createContractBodySchema,
  envelope,
  idParamsSchema,
  priceChangeBodySchema,
  scheduleCancellationBodySchema,
  updateContractBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { pathsOf } from '../../lib/spec-paths';
import { scoped } from '../../plugins/auth';
import { accountingDeps } from '../accounting/deps';
import { sendExport } from '../accounting/mirror/export-reply';
import {
  createContract,
  createInvoiceFromContract,
  exportContracts,
  getContract,
  listContractSchedules,
  listContractsPage,
  listContractTags,
  scheduleCancellation,
  schedulePriceChange,
  setContractTags,
  terminateContract,
  updateContract,
} from './contracts.service';

const noQuery = z.object({}).strict();
const tags = ['contracts'];

/** Contracts of the club account in use (docs/accounting-data.md#contracts: `contracts`, `schedules/{x}`, `tags`). */
export const contractsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountingDeps(app);
  app.get(
    '/contracts',
    {
      ...scoped(app, 'contracts.read'),
      schema: {
        tags,
        summary: 'Contracts from the accounting program: paged, sorted, searched, filtered by status and tag',
        querystring: contractsListQuerySchema,
        response: { 200: contractsListSchema },
      },
    },
    async (request) => listContractsPage(deps, request.auth, request.query, getLang(request)),
  );

  app.get(
    '/contracts/export',
    {
      ...scoped(app, 'contracts.read'),
      schema: {
        tags,
        summary: 'The filtered list as CSV or Excel',
        querystring: contractsExportQuerySchema,
        response: { 200: z.any().describe('The file (text/csv or .xlsx)') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, await exportContracts(deps, request.auth, filter, format, getLang(request)));
    },
  );

  for (const url of pathsOf('GET /contracts/tags'))
    app.get(
      url,
      {
        ...scoped(app, 'contracts.read'),
        schema: {
          tags,
          summary: 'The tags in use on the contracts of the club account, each with how many contracts carry it, by name',
          querystring: contractTagsQuerySchema,
          response: { 200: contractTagsListSchema },
        },
      },
      async (request) => listContractTags(deps, request.auth, request.query.search, getLang(request)),
    );

  app.get(
    '/schedules/contracts',
    {
      ...scoped(app, 'contracts.read'),
      schema: {
        tags,
        summary: 'Scheduled cancellations and price changes of the club account, by date',
        querystring: contractSchedulesQuerySchema,
        response: { 200: contractSchedulesSchema },
      },
    },
    async (request) => ({ data: await listContractSchedules(deps, request.auth, request.query.include, getLang(request)) }),
  );

  app.get(
    '/contracts/:id',
    {
      ...scoped(app, 'contracts.read'),
      schema: {
        tags,
        summary: 'One contract, read again from the accounting program (the mirror when it cannot answer)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(contractSchema) },
      },
    },
    async (request) => ({ data: await getContract(deps, request.auth, request.params.id, getLang(request)) }),
  );

  app.post(
    '/contracts',
    {
      ...scoped(app, 'contracts.write'),
      schema: {
        tags,
        summary: 'Create a contract in the accounting program',
        querystring: noQuery,
        body: createContractBodySchema,
        response: { 201: envelope(contractSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createContract(deps, request.auth, request.body, getLang(request)) }),
  );

  app.put(
    '/contracts/:id',
    {
      ...scoped(app, 'contracts.write'),
      schema: {
        tags,
        summary: 'Change a contract in the accounting program (not once finished or terminated)',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateContractBodySchema,
        response: { 200: envelope(contractSchema) },
      },
    },
    async (request) => ({
      data: await updateContract(deps, request.auth, request.params.id, request.body, getLang(request)),
    }),
  );

  app.put(
    '/contracts/:id/terminate',
    {
      ...scoped(app, 'contracts.write'),
      schema: {
        tags,
        summary: 'Terminate now: the contract is finished in the accounting program',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(contractSchema) },
      },
    },
    async (request) => ({ data: await terminateContract(deps, request.auth, request.params.id, getLang(request)) }),
  );

  app.put(
    '/contracts/:id/schedule-cancellation',
    {
      ...scoped(app, 'contracts.write'),
      schema: {
        tags,
        summary: 'Schedule the cancellation on a date (null clears it); the daily job ends the contract then',
        params: idParamsSchema,
        querystring: noQuery,
        body: scheduleCancellationBodySchema,
        response: { 200: envelope(contractSchema) },
      },
    },
    async (request) => ({
      data: await scheduleCancellation(deps, request.auth, request.params.id, request.body.date, getLang(request)),
    }),
  );

  app.post(
    '/contracts/:id/price-changes',
    {
      ...scoped(app, 'contracts.write'),
      schema: {
        tags,
        summary: "Change every row's price by a percent on a date (applied by the daily job)",
        params: idParamsSchema,
        querystring: noQuery,
        body: priceChangeBodySchema,
        response: { 201: envelope(contractPriceChangeSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await schedulePriceChange(deps, request.auth, request.params.id, request.body, getLang(request)) }),
  );

  for (const url of pathsOf('PUT /contracts/:id/tags'))
    app.put(
      url,
      {
        ...scoped(app, 'contracts.write'),
        schema: {
          tags,
          summary: "Replace the contract's tags (kept by the portal only)",
          params: idParamsSchema,
          querystring: noQuery,
          body: contractTagsBodySchema,
          response: { 200: envelope(contractSchema) },
        },
      },
      async (request) => ({
        data: await setContractTags(deps, request.auth, request.params.id, request.body.tags, getLang(request)),
      }),
    );

  app.post(
    '/contracts/:id/invoices',
    {
      ...scoped(app, 'contracts.write'),
      schema: {
        tags,
        summary: "Create the invoice of the contract's next period in the accounting program (counts towards the quota)",
        params: idParamsSchema,
        querystring: noQuery,
        body: contractInvoiceBodySchema,
        response: { 201: envelope(contractInvoiceSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createInvoiceFromContract(deps, request.auth, request.params.id, request.body) }),
  );
};
