import {
  EMAIL_TEMPLATE_TITLE_MAX,
  emailTemplateBodySchema,
  emailTemplatePreviewBodySchema,
  emailTemplatePreviewSchema,
  emailTemplateSchema,
  emailTemplatesListQuerySchema,
  emailTemplatesListResponseSchema,
  encodeMessage,
  envelope,
  idParamsSchema,
  NEWSLETTER_IMAGE_FIELD,
  NEWSLETTER_IMAGE_MAX_BYTES,
  type NewsletterImageType,
  newsletterImageSchema,
  readyTemplateParamsSchema,
  readyTemplateSchema,
  readyTemplatesQuerySchema,
} from '@fairway/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors';
import { getLang } from '../../lib/i18n';
import { readMultipart } from '../../lib/multipart';
import { scoped } from '../../plugins/auth';
import {
  copyReadyTemplate,
  createEmailTemplate,
  duplicateEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  listReadyTemplates,
  previewEmailTemplate,
  removeEmailTemplate,
  updateEmailTemplate,
} from './email-templates.service';
import { NEWSLETTER_IMAGES_PATH, sniffNewsletterImage, storeNewsletterImage } from './newsletter-images.service';

const noQuery = z.object({}).strict();
const deleted = envelope(z.object({ id: z.uuid() }));

/**
 * Reads the one image file of a multipart body; anything else is reported per field, the way
 * JSON bodies are, and nothing is stored. The type is read from the bytes, not from the file's
 * name or the type the browser declared.
 */
async function readNewsletterImageUpload(
  request: FastifyRequest,
): Promise<{ contentType: NewsletterImageType; content: Buffer }> {
  const field = NEWSLETTER_IMAGE_FIELD;
  if (!request.isMultipart()) throw new ValidationError({ [field]: [encodeMessage('required')] });
  const errors: Record<string, string[]> = {};
  const fail = (name: string, message: string) => {
    errors[name] = [...(errors[name] ?? []), message];
  };
  let image: { contentType: NewsletterImageType; content: Buffer } | undefined;
  const limits = { fileSize: NEWSLETTER_IMAGE_MAX_BYTES, files: 5, fields: 10, parts: 15 };
  await readMultipart(request, limits, async (parts) => {
    for await (const part of parts) {
      if (part.type === 'field') {
        fail(part.fieldname, encodeMessage(part.fieldname === field ? 'invalid_type' : 'unknown_field'));
        continue;
      }
      if (part.fieldname !== field || image || errors[field]) {
        part.file.resume();
        fail(part.fieldname, encodeMessage(part.fieldname === field ? 'invalid' : 'unknown_field'));
        continue;
      }
      const content = await part.toBuffer();
      if (part.file.truncated) {
        fail(field, encodeMessage('member_care_image_size', { max: NEWSLETTER_IMAGE_MAX_BYTES / (1024 * 1024) }));
        continue;
      }
      if (content.length === 0) {
        fail(field, encodeMessage('required'));
        continue;
      }
      const contentType = await sniffNewsletterImage(content);
      if (contentType) image = { contentType, content };
      else fail(field, encodeMessage('member_care_image_type'));
    }
  });
  if (!image && !errors[field]) fail(field, encodeMessage('required'));
  if (Object.keys(errors).length > 0 || !image) throw new ValidationError(errors);
  return image;
}

/**
 * E-mail templates (docs/member-care.md#templates): the club account's own, the ready templates
 * the product ships, the editor's preview and newsletter image uploads. Reading needs
 * `membercare.read`, every change `membercare.write`; every id is the club account's own, or the
 * answer is 404.
 */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'membercare.read');
  const write = scoped(app, 'membercare.write');

  app.get(
    '/member_care/templates',
    {
      ...read,
      schema: {
        tags: ['member care'],
        summary: 'E-mail templates of the club account in use: search (title, subject), sorting, pages',
        querystring: emailTemplatesListQuerySchema,
        response: { 200: emailTemplatesListResponseSchema },
      },
    },
    async (request) => listEmailTemplates(app.db, request.auth, request.query),
  );

  app.post(
    '/member_care/templates',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Create an e-mail template: the design is rendered to HTML and plain text on the server',
        querystring: noQuery,
        body: emailTemplateBodySchema,
        response: { 201: envelope(emailTemplateSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createEmailTemplate(app.db, request.auth, request.body) }),
  );

  app.get(
    '/member_care/templates/ready',
    {
      ...read,
      schema: {
        tags: ['member care'],
        summary: 'The ready templates the product ships (newsletter, course news, payment reminder, welcome), rendered',
        querystring: readyTemplatesQuerySchema,
        response: { 200: envelope(z.array(readyTemplateSchema)) },
      },
    },
    async (request) => ({ data: await listReadyTemplates(request.query.lang) }),
  );

  app.post(
    '/member_care/templates/ready/:key/copy',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: "Copy a ready template into the club account's own templates",
        params: readyTemplateParamsSchema,
        querystring: noQuery,
        response: { 201: envelope(emailTemplateSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await copyReadyTemplate(app.db, request.auth, request.params.key) }),
  );

  app.get(
    '/member_care/templates/:id',
    {
      ...read,
      schema: {
        tags: ['member care'],
        summary: 'One e-mail template with its design and the HTML and text rendered from it',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(emailTemplateSchema) },
      },
    },
    async (request) => ({ data: await getEmailTemplate(app.db, request.auth, request.params.id) }),
  );

  app.put(
    '/member_care/templates/:id',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Replace an e-mail template; the design is rendered again',
        params: idParamsSchema,
        querystring: noQuery,
        body: emailTemplateBodySchema,
        response: { 200: envelope(emailTemplateSchema) },
      },
    },
    async (request) => ({ data: await updateEmailTemplate(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/member_care/templates/:id',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Delete an e-mail template',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await removeEmailTemplate(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/member_care/templates/:id/duplicate',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: `Duplicate an e-mail template: the same design under the title "… (kopia)" / "… (copy)", at most ${EMAIL_TEMPLATE_TITLE_MAX} characters`,
        params: idParamsSchema,
        querystring: noQuery,
        response: { 201: envelope(emailTemplateSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await duplicateEmailTemplate(app.db, request.auth, request.params.id, getLang(request)) }),
  );

  app.post(
    '/member_care/templates/preview',
    {
      // Its own guards: the rate limit adds its hook to the route's onRequest list, which `read` shares.
      ...scoped(app, 'membercare.read'),
      // Each preview renders with MJML (tens of milliseconds); the editor asks after a pause in typing.
      config: { rateLimit: { max: 240, timeWindow: 60_000 } },
      schema: {
        tags: ['member care'],
        summary:
          'Render a subject and design as a save would, without saving: the HTML and text filled with an example member and the club name',
        querystring: noQuery,
        body: emailTemplatePreviewBodySchema,
        response: { 200: envelope(emailTemplatePreviewSchema) },
      },
    },
    async (request) => ({ data: await previewEmailTemplate(app.db, request.auth, request.body) }),
  );

  app.post(
    NEWSLETTER_IMAGES_PATH,
    {
      ...write,
      // Every image is kept in the database: a loop cannot fill it faster than this.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['member care'],
        summary: `Upload an image for a newsletter (multipart field \`${NEWSLETTER_IMAGE_FIELD}\`: PNG, JPEG, GIF or WebP by its bytes, at most ${NEWSLETTER_IMAGE_MAX_BYTES / (1024 * 1024)} MB); answers the address it is served from`,
        consumes: ['multipart/form-data'],
        querystring: noQuery,
        response: { 201: envelope(newsletterImageSchema) },
      },
    },
    async (request, reply) => {
      const image = await readNewsletterImageUpload(request);
      return reply.code(201).send({ data: await storeNewsletterImage(app.db, request.auth, image, app.config.PUBLIC_URL) });
    },
  );
};
