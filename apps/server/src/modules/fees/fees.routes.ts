import {
  envelope,
  feeBodySchema,
  feeRuleBodySchema,
  feeRuleSchema,
  feeRulesListQuerySchema,
  feeRulesListResponseSchema,
  feeSchema,
  feesListQuerySchema,
  feesListResponseSchema,
  feeTypeBodySchema,
  feeTypeSchema,
  feeTypesListQuerySchema,
  feeTypesListResponseSchema,
  idParamsSchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../plugins/auth';
import {
  getFee,
  getFeeRule,
  getFeeType,
  listFeeRulesOf,
  listFeesOf,
  listFeeTypesOf,
  removeFee,
  removeFeeRule,
  removeFeeType,
  saveFee,
  saveFeeRule,
  saveFeeType,
} from './fees.service';

const noQuery = z.object({}).strict();
const deleted = envelope(z.object({ id: z.uuid() }));

/**
 * Fee types, fees and fee rules of the club account in use (docs/members-and-fees.md#fees; calls `fee_types`,
 * `fees`, `fee_rules`, generic): list with search, sorting and pages; get; create; replace; delete.
 * Reading needs `fees.read`, changing `fees.write`. A type used by a fee, or a fee used by a
 * rule, is not deleted: the answer is a 400 that says why.
 */
export const feesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'fees.read');
  const write = scoped(app, 'fees.write');

  app.get(
    '/fee_types',
    {
      ...read,
      schema: {
        tags: ['fees'],
        summary: 'Fee types: search (name, description), sorting (name, fees, updatedAt), pages',
        querystring: feeTypesListQuerySchema,
        response: { 200: feeTypesListResponseSchema },
      },
    },
    async (request) => listFeeTypesOf(app.db, request.auth, request.query),
  );
  app.post(
    '/fee_types',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Create a fee type; its name is unique in the club account, in any case',
        querystring: noQuery,
        body: feeTypeBodySchema,
        response: { 201: envelope(feeTypeSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await saveFeeType(app.db, request.auth, request.body) }),
  );
  app.get(
    '/fee_types/:id',
    {
      ...read,
      schema: {
        tags: ['fees'],
        summary: 'One fee type',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(feeTypeSchema) },
      },
    },
    async (request) => ({ data: await getFeeType(app.db, request.auth, request.params.id) }),
  );
  app.put(
    '/fee_types/:id',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Replace a fee type',
        params: idParamsSchema,
        querystring: noQuery,
        body: feeTypeBodySchema,
        response: { 200: envelope(feeTypeSchema) },
      },
    },
    async (request) => ({ data: await saveFeeType(app.db, request.auth, request.body, request.params.id) }),
  );
  app.delete(
    '/fee_types/:id',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Delete a fee type no fee uses (refused with a 400 otherwise)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await removeFeeType(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/fees',
    {
      ...read,
      schema: {
        tags: ['fees'],
        summary: 'Fees: search (name, type, article number, member category), sorting, pages',
        querystring: feesListQuerySchema,
        response: { 200: feesListResponseSchema },
      },
    },
    async (request) => listFeesOf(app.db, request.auth, request.query),
  );
  app.post(
    '/fees',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Create a fee: type, amount incl. VAT in öre, VAT rate, article, member category, period',
        querystring: noQuery,
        body: feeBodySchema,
        response: { 201: envelope(feeSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await saveFee(app.db, request.auth, request.body) }),
  );
  app.get(
    '/fees/:id',
    {
      ...read,
      schema: {
        tags: ['fees'],
        summary: 'One fee',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(feeSchema) },
      },
    },
    async (request) => ({ data: await getFee(app.db, request.auth, request.params.id) }),
  );
  app.put(
    '/fees/:id',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Replace a fee',
        params: idParamsSchema,
        querystring: noQuery,
        body: feeBodySchema,
        response: { 200: envelope(feeSchema) },
      },
    },
    async (request) => ({ data: await saveFee(app.db, request.auth, request.body, request.params.id) }),
  );
  app.delete(
    '/fees/:id',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Delete a fee no fee rule includes (refused with a 400 otherwise)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await removeFee(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/fee_rules',
    {
      ...read,
      schema: {
        tags: ['fees'],
        summary: 'Fee rules with their fees and price: search (name, description, fee name), sorting, pages',
        querystring: feeRulesListQuerySchema,
        response: { 200: feeRulesListResponseSchema },
      },
    },
    async (request) => listFeeRulesOf(app.db, request.auth, request.query),
  );
  app.post(
    '/fee_rules',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Create a fee rule: one or more fees and a discount (none, percentage, or an amount up to their sum)',
        querystring: noQuery,
        body: feeRuleBodySchema,
        response: { 201: envelope(feeRuleSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await saveFeeRule(app.db, request.auth, request.body) }),
  );
  app.get(
    '/fee_rules/:id',
    {
      ...read,
      schema: {
        tags: ['fees'],
        summary: 'One fee rule with its fees and its price per VAT rate',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(feeRuleSchema) },
      },
    },
    async (request) => ({ data: await getFeeRule(app.db, request.auth, request.params.id) }),
  );
  app.put(
    '/fee_rules/:id',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Replace a fee rule, its fees included',
        params: idParamsSchema,
        querystring: noQuery,
        body: feeRuleBodySchema,
        response: { 200: envelope(feeRuleSchema) },
      },
    },
    async (request) => ({ data: await saveFeeRule(app.db, request.auth, request.body, request.params.id) }),
  );
  app.delete(
    '/fee_rules/:id',
    {
      ...write,
      schema: {
        tags: ['fees'],
        summary: 'Delete a fee rule (its fees stay)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await removeFeeRule(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
