import {
  envelope,
  gitArticleSchema,
  gitArticlesQuerySchema,
  gitInvoiceBasesQuerySchema,
  gitInvoiceBasisSchema,
  gitInvoiceOccasionDetailSchema,
  gitInvoiceOccasionSchema,
  gitInvoiceOccasionsQuerySchema,
  gitMemberSchema,
  gitMembersQuerySchema,
  gitSettledInvoicesQuerySchema,
  gitTransactionSchema,
  gitTransactionsQuerySchema,
  idParamsSchema,
  listEnvelope,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { pathsOf } from '../../lib/spec-paths';
import { scoped } from '../../plugins/auth';
import { targetOf } from '../accounting/access';
import { gitConnectionRoutes } from './connection/git-connection.routes';
import {
  getGitOccasion,
  listGitArticles,
  listGitMembers,
  listGitOccasionBases,
  listGitOccasions,
  listGitTransactions,
  listSettledGitBases,
  setGitOccasionArchived,
} from './git.service';
import { gitImportRoutes } from './import/git-import.routes';
import { gitRefreshRoutes } from './refresh/git-refresh.routes';
import { gitReportRoutes } from './report/git-report.routes';
import { gitSyncRoutes } from './sync/git-sync.routes';

const noQuery = z.object({}).strict();

/**
 * Every GIT route (docs/git.md), the one entry modules/index.ts mounts: the sub-features'
 * routes (connection, refresh, import, sync, report) and, here, reading the portal's copy of GIT
 * (`git/list_members/`, articles, invoice occasions and their bases, paid invoices (also at
 * `golf_paid_invoices`, lib/spec-paths.ts) and credited invoices,
 * the transaction log). Reading needs `git.read`, every change `git.write`. Everything is of the
 * club account in use.
 */
export const gitRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const routes of [gitConnectionRoutes, gitRefreshRoutes, gitImportRoutes, gitSyncRoutes, gitReportRoutes]) {
    await app.register(routes);
  }

  const read = scoped(app, 'git.read');
  const write = scoped(app, 'git.write');
  const tags = ['git'];

  app.get(
    '/git/list_members/',
    {
      ...read,
      schema: {
        tags,
        summary: 'GIT members (search by name or golf ID, category filter, paging)',
        querystring: gitMembersQuerySchema,
        response: { 200: listEnvelope(gitMemberSchema) },
      },
    },
    async (request) => listGitMembers(app, targetOf(request.auth), request.query),
  );

  app.get(
    '/git/articles',
    {
      ...read,
      schema: {
        tags,
        summary: 'GIT articles / fees',
        querystring: gitArticlesQuerySchema,
        response: { 200: listEnvelope(gitArticleSchema) },
      },
    },
    async (request) => listGitArticles(app, targetOf(request.auth), request.query),
  );

  app.get(
    '/git/invoice-occasions',
    {
      ...read,
      schema: {
        tags,
        summary: 'GIT invoice occasions (archived or not)',
        querystring: gitInvoiceOccasionsQuerySchema,
        response: { 200: listEnvelope(gitInvoiceOccasionSchema) },
      },
    },
    async (request) => listGitOccasions(app, targetOf(request.auth), request.query),
  );

  app.get(
    '/git/invoice-occasions/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One invoice occasion with its invoice bases counted per status',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(gitInvoiceOccasionDetailSchema) },
      },
    },
    async (request) => ({ data: await getGitOccasion(app, targetOf(request.auth), request.params.id) }),
  );

  app.get(
    '/git/invoice-occasions/:id/invoice-bases',
    {
      ...read,
      schema: {
        tags,
        summary: "An invoice occasion's invoice bases (status filter, paging)",
        params: idParamsSchema,
        querystring: gitInvoiceBasesQuerySchema,
        response: { 200: listEnvelope(gitInvoiceBasisSchema) },
      },
    },
    async (request) => listGitOccasionBases(app, targetOf(request.auth), request.params.id, request.query, getLang(request)),
  );

  for (const [path, archived, summary] of [
    ['archive', true, 'Archive the invoice occasion (the portal hides it; GIT is not changed)'],
    ['unarchive', false, 'Bring the invoice occasion back from the archive'],
  ] as const) {
    app.put(
      `/git/invoice-occasions/:id/${path}`,
      {
        ...write,
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          querystring: noQuery,
          response: { 200: envelope(gitInvoiceOccasionDetailSchema) },
        },
      },
      async (request) => ({ data: await setGitOccasionArchived(app, targetOf(request.auth), request.params.id, archived) }),
    );
  }

  for (const [urls, status] of [
    [pathsOf('GET /git/paid-invoices'), 'paid'],
    [['/git/credited-invoices'], 'credited'],
  ] as const) {
    for (const url of urls) {
      app.get(
        url,
        {
          ...read,
          schema: {
            tags,
            summary: `GIT invoice bases that are ${status}, newest first`,
            querystring: gitSettledInvoicesQuerySchema,
            response: { 200: listEnvelope(gitInvoiceBasisSchema) },
          },
        },
        async (request) => listSettledGitBases(app, targetOf(request.auth), status, request.query, getLang(request)),
      );
    }
  }

  app.get(
    '/git/transactions',
    {
      ...read,
      schema: {
        tags,
        summary: 'The GIT transaction log, newest first',
        querystring: gitTransactionsQuerySchema,
        response: { 200: listEnvelope(gitTransactionSchema) },
      },
    },
    async (request) => listGitTransactions(app, targetOf(request.auth), request.query),
  );
};
