import {
  blogCategorySchema,
  blogListQuerySchema,
  blogListResponseSchema,
  blogPostSchema,
  blogPostSummarySchema,
  dashboardScreenshotSchema,
  envelope,
  faqCategoryParamsSchema,
  faqCategorySchema,
  faqEntrySchema,
  faqQuerySchema,
  helpTextsSchema,
  idParamsSchema,
  landingBlogQuerySchema,
  videoGuideSchema,
} from '@fairway/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import {
  blogCategoriesFor,
  blogListFor,
  blogPostFor,
  chaptersVttFor,
  faqCategoriesFor,
  faqFor,
  helpTextsFor,
  latestPostsFor,
  screenshotsFor,
  videoGuideFor,
  videoGuidesFor,
} from './help.service';
import { helpAdminRoutes } from './help-admin.routes';

const noQuery = z.object({}).strict();
const chaptersParamsSchema = z.object({ id: z.uuid(), lang: z.enum(['sv', 'en']) }).strict();

/** The answer depends on Accept-Language: caches must keep one copy per language. */
const perLanguage = (reply: FastifyReply) => reply.header('vary', 'Accept-Language');

/**
 * Public reads of the help content (docs/help.md#content): no token, in the
 * reader's language (Accept-Language), the content of the brand this server runs as. Editing by
 * platform admins is in help-admin.routes.ts.
 */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = app.config.BRAND;
  const tags = ['help'];
  // Editing lives beside the reads, under the same prefix.
  await app.register(helpAdminRoutes);

  app.get(
    '/blog',
    {
      schema: {
        tags,
        summary: 'Published blog posts, newest first: pages, a category (slug) and search',
        querystring: blogListQuerySchema,
        response: { 200: blogListResponseSchema },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return blogListFor(app.db, brand, getLang(request), request.query);
    },
  );
  app.get(
    '/blog/:id',
    {
      schema: {
        tags,
        summary: 'One published blog post with its text (404 for a draft or an unknown id)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(blogPostSchema) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await blogPostFor(app.db, brand, getLang(request), request.params.id) };
    },
  );
  app.get(
    '/blog_categories',
    {
      schema: {
        tags,
        summary: 'Blog categories with their number of published posts',
        querystring: noQuery,
        response: { 200: envelope(z.array(blogCategorySchema)) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await blogCategoriesFor(app.db, brand, getLang(request)) };
    },
  );
  app.get(
    '/landing_page/blog',
    {
      schema: {
        tags,
        summary: 'The latest published blog posts for the landing page',
        querystring: landingBlogQuerySchema,
        response: { 200: envelope(z.array(blogPostSummarySchema)) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await latestPostsFor(app.db, brand, getLang(request), request.query.limit) };
    },
  );

  app.get(
    '/faq_categories',
    {
      schema: {
        tags,
        summary: 'FAQ categories in order, with their number of questions',
        querystring: noQuery,
        response: { 200: envelope(z.array(faqCategorySchema)) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await faqCategoriesFor(app.db, brand, getLang(request)) };
    },
  );
  app.get(
    '/faq',
    {
      schema: {
        tags,
        summary: 'Every published question, by category; `search` matches questions and answers',
        querystring: faqQuerySchema,
        response: { 200: envelope(z.array(faqEntrySchema)) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await faqFor(app.db, brand, getLang(request), { search: request.query.search }) };
    },
  );
  app.get(
    '/faq/:category',
    {
      schema: {
        tags,
        summary: 'The published questions of one category (its slug); 404 for an unknown category',
        params: faqCategoryParamsSchema,
        querystring: faqQuerySchema,
        response: { 200: envelope(z.array(faqEntrySchema)) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      const filter = { categorySlug: request.params.category, search: request.query.search };
      return { data: await faqFor(app.db, brand, getLang(request), filter) };
    },
  );
  app.get(
    '/landing_page/faq',
    {
      schema: {
        tags,
        summary: 'The questions chosen for the landing page',
        querystring: noQuery,
        response: { 200: envelope(z.array(faqEntrySchema)) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await faqFor(app.db, brand, getLang(request), { landingOnly: true }) };
    },
  );

  for (const path of ['/video_guides', '/guides']) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'Video guides with poster, length and chapters (`guides` is the same list)',
          querystring: noQuery,
          response: { 200: envelope(z.array(videoGuideSchema)) },
        },
      },
      async (request, reply) => {
        perLanguage(reply);
        return { data: await videoGuidesFor(app.db, brand, getLang(request)) };
      },
    );
  }
  app.get(
    '/video_guides/:id',
    {
      schema: {
        tags,
        summary: 'One video guide',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(videoGuideSchema) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await videoGuideFor(app.db, brand, getLang(request), request.params.id) };
    },
  );
  app.get(
    '/video_guides/:id/chapters.:lang.vtt',
    {
      schema: {
        tags,
        summary: 'The guide’s chapters as a WebVTT track (`<track kind="chapters">`) in sv or en',
        params: chaptersParamsSchema,
        querystring: noQuery,
        response: { 200: z.string().max(100_000) },
      },
    },
    async (request, reply) => {
      const vtt = await chaptersVttFor(app.db, brand, request.params.lang, request.params.id);
      return reply.type('text/vtt; charset=utf-8').header('cache-control', 'no-cache').send(vtt);
    },
  );

  app.get(
    '/landing_page/dashboard_screenshots',
    {
      schema: {
        tags,
        summary: 'Screenshots of the dashboard with size, alt text and caption',
        querystring: noQuery,
        response: { 200: envelope(z.array(dashboardScreenshotSchema)) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await screenshotsFor(app.db, brand, getLang(request)) };
    },
  );
  app.get(
    '/helptexts',
    {
      schema: {
        tags,
        summary: 'Contextual help of the dashboard: key → text',
        querystring: noQuery,
        response: { 200: envelope(helpTextsSchema) },
      },
    },
    async (request, reply) => {
      perLanguage(reply);
      return { data: await helpTextsFor(app.db, brand, getLang(request)) };
    },
  );
};
