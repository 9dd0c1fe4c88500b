import {
  articleOptionSchema,
  articleSchema,
  articleSearchQuerySchema,
  articlesExportQuerySchema,
  articlesListQuerySchema,
  articlesListSchema,
  createArticleBodySchema,
  envelope,
  idParamsSchema,
  updateArticleBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { scoped } from '../../plugins/auth';
import { accountingDeps } from '../accounting/deps';
import { sendExport } from '../accounting/mirror/export-reply';
import {
  createArticle,
  exportArticles,
  getArticle,
  listArticlesPage,
  SEARCH_LIMIT,
  searchArticleOptions,
  updateArticle,
} from './articles.service';

const noQuery = z.object({}).strict();

/** Articles of the club account in use (docs/accounting-data.md#articles): list, by id, search. */
export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountingDeps(app);
  app.get(
    '/articles',
    {
      ...scoped(app, 'articles.read'),
      schema: {
        tags: ['articles'],
        summary: 'Articles from the accounting program: paged, sorted, searched and filtered',
        querystring: articlesListQuerySchema,
        response: { 200: articlesListSchema },
      },
    },
    async (request) => listArticlesPage(deps, request.auth, request.query),
  );

  app.get(
    '/articles/search',
    {
      ...scoped(app, 'articles.read'),
      schema: {
        tags: ['articles'],
        summary: 'Article lookup of invoice rows: active articles by number, description or EAN (at most 20)',
        querystring: articleSearchQuerySchema,
        response: { 200: envelope(z.array(articleOptionSchema).max(SEARCH_LIMIT)) },
      },
    },
    async (request) => ({ data: await searchArticleOptions(deps, request.auth, request.query.q) }),
  );

  app.get(
    '/articles/export',
    {
      ...scoped(app, 'articles.read'),
      schema: {
        tags: ['articles'],
        summary: 'The filtered list as CSV or Excel',
        querystring: articlesExportQuerySchema,
        response: { 200: z.any().describe('The file (text/csv or .xlsx)') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, await exportArticles(deps, request.auth, filter, format, getLang(request)));
    },
  );

  app.get(
    '/articles/:id',
    {
      ...scoped(app, 'articles.read'),
      schema: {
        tags: ['articles'],
        summary: 'One article, read from the accounting program (the stored copy, marked stale, when it does not answer)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(articleSchema) },
      },
    },
    async (request) => ({ data: await getArticle(deps, request.auth, request.params.id) }),
  );

  app.post(
    '/articles',
    {
      ...scoped(app, 'articles.write'),
      schema: {
        tags: ['articles'],
        summary: 'Create an article in the accounting program',
        querystring: noQuery,
        body: createArticleBodySchema,
        response: { 201: envelope(articleSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createArticle(deps, request.auth, request.body) }),
  );

  app.put(
    '/articles/:id',
    {
      ...scoped(app, 'articles.write'),
      schema: {
        tags: ['articles'],
        summary: 'Change an article in the accounting program',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateArticleBodySchema,
        response: { 200: envelope(articleSchema) },
      },
    },
    async (request) => ({ data: await updateArticle(deps, request.auth, request.params.id, request.body) }),
  );
};
