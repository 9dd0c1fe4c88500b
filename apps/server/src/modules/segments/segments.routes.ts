import {
  articleSegmentBodySchema,
  articleSegmentInfoSchema,
  articleSegmentSchema,
  articleSegmentsListResponseSchema,
  customerSegmentBodySchema,
  customerSegmentSchema,
  customerSegmentsListResponseSchema,
  envelope,
  idParamsSchema,
  segmentsListQuerySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../plugins/auth';
import {
  createArticleSegment,
  createCustomerSegment,
  deleteArticleSegment,
  deleteCustomerSegment,
  getArticleSegment,
  getArticleSegmentInfo,
  getCustomerSegment,
  listArticleSegments,
  listCustomerSegments,
  updateArticleSegment,
  updateCustomerSegment,
} from './segments.service';

const noQuery = z.object({}).strict();
const deleted = envelope(z.object({ id: z.uuid() }));

/**
 * Customer and article segments of the club account in use (docs/accounting-data.md#segments): `segments/customers/`
 * and the generic `segments/articles/` with their `{id}` routes, and `segments/info/articles/{id}`.
 * Customer segments need the customers scopes, article segments the articles scopes.
 */
export const segmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/segments/customers',
    {
      ...scoped(app, 'customers.read'),
      schema: {
        tags: ['segments'],
        summary: 'Customer segments of the club account in use: search (name, description, customer number), sorting, pages',
        querystring: segmentsListQuerySchema,
        response: { 200: customerSegmentsListResponseSchema },
      },
    },
    async (request) => listCustomerSegments(app.db, request.auth, request.query),
  );

  app.post(
    '/segments/customers',
    {
      ...scoped(app, 'customers.write'),
      schema: {
        tags: ['segments'],
        summary: 'Create a customer segment: a name unique in the club account, terms, and customers in no other segment',
        querystring: noQuery,
        body: customerSegmentBodySchema,
        response: { 201: envelope(customerSegmentSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCustomerSegment(app.db, request.auth, request.body) }),
  );

  app.get(
    '/segments/customers/:id',
    {
      ...scoped(app, 'customers.read'),
      schema: {
        tags: ['segments'],
        summary: 'One customer segment with its customer numbers',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(customerSegmentSchema) },
      },
    },
    async (request) => ({ data: await getCustomerSegment(app.db, request.auth, request.params.id) }),
  );

  app.put(
    '/segments/customers/:id',
    {
      ...scoped(app, 'customers.write'),
      schema: {
        tags: ['segments'],
        summary: 'Replace a customer segment, its customers included',
        params: idParamsSchema,
        querystring: noQuery,
        body: customerSegmentBodySchema,
        response: { 200: envelope(customerSegmentSchema) },
      },
    },
    async (request) => ({ data: await updateCustomerSegment(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/segments/customers/:id',
    {
      ...scoped(app, 'customers.write'),
      schema: {
        tags: ['segments'],
        summary: 'Delete a customer segment (the customers themselves stay in the accounting program)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await deleteCustomerSegment(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/segments/articles',
    {
      ...scoped(app, 'articles.read'),
      schema: {
        tags: ['segments'],
        summary: 'Article segments of the club account in use: search (name, description, article number), sorting, pages',
        querystring: segmentsListQuerySchema,
        response: { 200: articleSegmentsListResponseSchema },
      },
    },
    async (request) => listArticleSegments(app.db, request.auth, request.query),
  );

  app.post(
    '/segments/articles',
    {
      ...scoped(app, 'articles.write'),
      schema: {
        tags: ['segments'],
        summary: 'Create an article segment: a name unique in the club account, defaults, and articles in no other segment',
        querystring: noQuery,
        body: articleSegmentBodySchema,
        response: { 201: envelope(articleSegmentSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createArticleSegment(app.db, request.auth, request.body) }),
  );

  app.get(
    '/segments/articles/:id',
    {
      ...scoped(app, 'articles.read'),
      schema: {
        tags: ['segments'],
        summary: 'One article segment with its article numbers',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(articleSegmentSchema) },
      },
    },
    async (request) => ({ data: await getArticleSegment(app.db, request.auth, request.params.id) }),
  );

  app.put(
    '/segments/articles/:id',
    {
      ...scoped(app, 'articles.write'),
      schema: {
        tags: ['segments'],
        summary: 'Replace an article segment, its articles included',
        params: idParamsSchema,
        querystring: noQuery,
        body: articleSegmentBodySchema,
        response: { 200: envelope(articleSegmentSchema) },
      },
    },
    async (request) => ({ data: await updateArticleSegment(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/segments/articles/:id',
    {
      ...scoped(app, 'articles.write'),
      schema: {
        tags: ['segments'],
        summary: 'Delete an article segment (the articles themselves stay in the accounting program)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await deleteArticleSegment(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/segments/info/articles/:id',
    {
      ...scoped(app, 'articles.read'),
      schema: {
        tags: ['segments'],
        summary: "An article segment's defaults with its article numbers and their count",
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(articleSegmentInfoSchema) },
      },
    },
    async (request) => ({ data: await getArticleSegmentInfo(app.db, request.auth, request.params.id) }),
  );
};
