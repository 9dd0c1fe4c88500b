import {
  adminBlogPostSchema,
  adminDashboardScreenshotSchema,
  adminFaqEntrySchema,
  adminHelpCategorySchema,
  adminHelpContentSchema,
  adminVideoGuideSchema,
  blogPostBodySchema,
  dashboardScreenshotBodySchema,
  envelope,
  faqEntryBodySchema,
  helpAdminStatusSchema,
  helpCategoryBodySchema,
  helpTextBodySchema,
  helpTextKeyParamsSchema,
  idParamsSchema,
  publishBodySchema,
  videoGuideBodySchema,
} from '@fairway/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../../plugins/auth';
import { internalGuard } from '../../plugins/swagger';
import { isPlatformAdmin } from './help.repository';
import {
  adminContent,
  assertPlatformAdmin,
  publishBlogPost,
  removeBlogCategory,
  removeBlogPost,
  removeFaqCategory,
  removeFaqEntry,
  removeHelpText,
  removeScreenshot,
  removeVideoGuide,
  saveBlogCategory,
  saveBlogPost,
  saveFaqCategory,
  saveFaqEntry,
  saveHelpText,
  saveScreenshot,
  saveVideoGuide,
} from './help-admin.service';

const noQuery = z.object({}).strict();
const deletedId = envelope(z.object({ id: z.uuid() }));
const helpTextSchema = z.object({ key: z.string(), text: z.object({ sv: z.string(), en: z.string() }) });

/**
 * Sign-in, then platform admin: both run before the body is read, so a club user learns nothing from
 * a write route but a 403 (not which fields it would have refused).
 */
function platformAdmin(app: FastifyInstance) {
  const requirePlatformAdmin = internalGuard(async (request: FastifyRequest) => assertPlatformAdmin(app.db, request.auth.userId));
  return { onRequest: [app.authenticate, requirePlatformAdmin] };
}

/**
 * Editing of the help content by the portal company's own staff (platform admins); everyone else
 * gets 403. Writes take both languages and answer what was stored, in both languages; the public
 * reads (help.routes.ts) show the change at once.
 */
export const helpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = app.config.BRAND;
  const admin = platformAdmin(app);
  const tags = ['help admin'];

  app.get(
    '/help_admin/me',
    {
      ...authenticated(app),
      schema: {
        tags,
        summary: 'Whether the signed-in user may edit the help content',
        querystring: noQuery,
        response: { 200: envelope(helpAdminStatusSchema) },
      },
    },
    async (request) => ({ data: { platformAdmin: await isPlatformAdmin(app.db, request.auth.userId) } }),
  );
  app.get(
    '/help_admin/content',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Every piece of help content of this brand, drafts included, in both languages',
        querystring: noQuery,
        response: { 200: envelope(adminHelpContentSchema) },
      },
    },
    async () => ({ data: await adminContent(app.db, brand) }),
  );

  // Blog categories and FAQ categories share their shape.
  for (const kind of ['blog', 'faq'] as const) {
    const path = `/${kind}_categories`;
    const save = kind === 'blog' ? saveBlogCategory : saveFaqCategory;
    const remove = kind === 'blog' ? removeBlogCategory : removeFaqCategory;
    app.post(
      path,
      {
        ...admin,
        schema: {
          tags,
          summary: `Create a ${kind} category (its slug is unique in the brand)`,
          querystring: noQuery,
          body: helpCategoryBodySchema,
          response: { 201: envelope(adminHelpCategorySchema) },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await save(app.db, brand, request.body) }),
    );
    app.put(
      `${path}/:id`,
      {
        ...admin,
        schema: {
          tags,
          summary: `Replace a ${kind} category`,
          params: idParamsSchema,
          querystring: noQuery,
          body: helpCategoryBodySchema,
          response: { 200: envelope(adminHelpCategorySchema) },
        },
      },
      async (request) => ({ data: await save(app.db, brand, request.body, request.params.id) }),
    );
    app.delete(
      `${path}/:id`,
      {
        ...admin,
        schema: {
          tags,
          summary:
            kind === 'blog'
              ? 'Delete a blog category without posts (400 while it has posts)'
              : 'Delete an FAQ category and its questions',
          params: idParamsSchema,
          querystring: noQuery,
          response: { 200: deletedId },
        },
      },
      async (request) => {
        await remove(app.db, brand, request.params.id);
        return { data: { id: request.params.id } };
      },
    );
  }

  app.post(
    '/blog',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a blog post (a draft unless publishedAt is given)',
        querystring: noQuery,
        body: blogPostBodySchema,
        response: { 201: envelope(adminBlogPostSchema) },
      },
    },
    async (request, reply) => {
      const post = await saveBlogPost(app.db, brand, request.body);
      app.blogPages.refresh(post.id);
      return reply.code(201).send({ data: post });
    },
  );
  app.put(
    '/blog/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Replace a blog post',
        params: idParamsSchema,
        querystring: noQuery,
        body: blogPostBodySchema,
        response: { 200: envelope(adminBlogPostSchema) },
      },
    },
    async (request) => {
      const post = await saveBlogPost(app.db, brand, request.body, request.params.id);
      // The page sent for it is re-rendered now rather than on its next visit (blog-pages.ts).
      app.blogPages.refresh(post.id);
      return { data: post };
    },
  );
  app.put(
    '/blog/:id/publish',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Publish a post (now, or at its earlier time) or take it back to draft',
        params: idParamsSchema,
        querystring: noQuery,
        body: publishBodySchema,
        response: { 200: envelope(adminBlogPostSchema) },
      },
    },
    async (request) => {
      const post = await publishBlogPost(app.db, brand, request.params.id, request.body.published);
      app.blogPages.refresh(post.id);
      return { data: post };
    },
  );
  app.delete(
    '/blog/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a blog post',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deletedId },
      },
    },
    async (request) => {
      await removeBlogPost(app.db, brand, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/faq',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create an FAQ entry in a category',
        querystring: noQuery,
        body: faqEntryBodySchema,
        response: { 201: envelope(adminFaqEntrySchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await saveFaqEntry(app.db, brand, request.body) }),
  );
  app.put(
    '/faq/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Replace an FAQ entry',
        params: idParamsSchema,
        querystring: noQuery,
        body: faqEntryBodySchema,
        response: { 200: envelope(adminFaqEntrySchema) },
      },
    },
    async (request) => ({ data: await saveFaqEntry(app.db, brand, request.body, request.params.id) }),
  );
  app.delete(
    '/faq/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete an FAQ entry',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deletedId },
      },
    },
    async (request) => {
      await removeFaqEntry(app.db, brand, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/video_guides',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a video guide (its files are served under /media/)',
        querystring: noQuery,
        body: videoGuideBodySchema,
        response: { 201: envelope(adminVideoGuideSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await saveVideoGuide(app.db, brand, request.body) }),
  );
  app.put(
    '/video_guides/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Replace a video guide’s details and chapters',
        params: idParamsSchema,
        querystring: noQuery,
        body: videoGuideBodySchema,
        response: { 200: envelope(adminVideoGuideSchema) },
      },
    },
    async (request) => ({ data: await saveVideoGuide(app.db, brand, request.body, request.params.id) }),
  );
  app.delete(
    '/video_guides/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a video guide',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deletedId },
      },
    },
    async (request) => {
      await removeVideoGuide(app.db, brand, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/landing_page/dashboard_screenshots',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a dashboard screenshot',
        querystring: noQuery,
        body: dashboardScreenshotBodySchema,
        response: { 201: envelope(adminDashboardScreenshotSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await saveScreenshot(app.db, brand, request.body) }),
  );
  app.put(
    '/landing_page/dashboard_screenshots/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Replace a dashboard screenshot',
        params: idParamsSchema,
        querystring: noQuery,
        body: dashboardScreenshotBodySchema,
        response: { 200: envelope(adminDashboardScreenshotSchema) },
      },
    },
    async (request) => ({ data: await saveScreenshot(app.db, brand, request.body, request.params.id) }),
  );
  app.delete(
    '/landing_page/dashboard_screenshots/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a dashboard screenshot',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deletedId },
      },
    },
    async (request) => {
      await removeScreenshot(app.db, brand, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.put(
    '/helptexts/:key',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Write a help text (created when the key is new)',
        params: helpTextKeyParamsSchema,
        querystring: noQuery,
        body: helpTextBodySchema,
        response: { 200: envelope(helpTextSchema) },
      },
    },
    async (request) => ({ data: await saveHelpText(app.db, brand, request.params.key, request.body.text) }),
  );
  app.delete(
    '/helptexts/:key',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a help text',
        params: helpTextKeyParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(z.object({ key: z.string() })) },
      },
    },
    async (request) => {
      await removeHelpText(app.db, brand, request.params.key);
      return { data: { key: request.params.key } };
    },
  );
};
