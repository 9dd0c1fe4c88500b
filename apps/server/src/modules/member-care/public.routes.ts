import { idParamsSchema } from '@fairway/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { getLang } from '../../lib/i18n';
import { parseDeliveryReport } from '../../providers/46elks/delivery-report';
import { NEWSLETTER_IMAGES_PATH, readNewsletterImage } from './newsletter-images.service';
import { reportDelivery } from './sendouts.repository';
import { DELIVERY_REPORTS_PATH, validDeliveryReportSecret } from './sendouts.runs';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribe, unsubscribePage } from './unsubscribe';

const unsubscribeParams = z.object({ token: z.string().min(1).max(200) }).strict();
const noQuery = z.object({}).strict();

/**
 * Member care's calls without sign-in: a member's unsubscribe page and the one-click POST
 * (docs/member-care.md#unsubscribing), 46elks' SMS delivery reports and the newsletter images
 * mail programs load. Each is reached by a secret in its address (a signed token, an HMAC, a random id).
 */
export const memberCarePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public unsubscribe page and the one-click POST (RFC 8058) take form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);

  app.get(
    `${UNSUBSCRIBE_PATH}/:token`,
    {
      schema: {
        tags: ['member care'],
        summary:
          "A member's unsubscribe page, opened from the link in an e-mail (no sign-in; the signed token names the member): a button that confirms",
        params: unsubscribeParams,
        // An HTML page (text/html), not JSON; an invalid token answers the usual 404 error body.
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      if (!readUnsubscribeToken(app.config.JWT_SECRET, request.params.token))
        throw new NotFoundError('memberCare.unsubscribeInvalid');
      return page(reply, 200, unsubscribePage(getLang(request), 'confirm', request.url));
    },
  );

  app.post(
    `${UNSUBSCRIBE_PATH}/:token`,
    {
      // Unsigned-in and public: a loop cannot hammer the database through it.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['member care'],
        summary:
          "Unsubscribe: the page's button, and the one-click POST of mail programs (RFC 8058, body `List-Unsubscribe=One-Click`); stored per organisation and channel",
        params: unsubscribeParams,
        // An HTML page (text/html), not JSON; an invalid token answers the usual 404 error body.
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const lang = getLang(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const source = body['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'link';
      await unsubscribe(app.db, app.config.JWT_SECRET, request.params.token, source);
      return page(reply, 200, unsubscribePage(lang, 'done', request.url));
    },
  );

  app.post(
    `${DELIVERY_REPORTS_PATH}/:id/:secret`,
    {
      schema: {
        tags: ['member care'],
        summary:
          "46elks' delivery reports of a send-out's SMS (`whendelivered`): no sign-in, the send-out's secret in the address; answers 204",
        params: z.object({ id: z.uuid(), secret: z.string().min(1).max(100) }).strict(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!validDeliveryReportSecret(app.config.JWT_SECRET, request.params.id, request.params.secret)) {
        throw new NotFoundError('memberCare.sendoutNotFound');
      }
      const parsed = parseDeliveryReport((request.body ?? {}) as Record<string, unknown>);
      // 46elks repeats a report until it gets 200–204; one it cannot read is acknowledged and logged.
      if (!parsed.ok) request.log.warn({ reason: parsed.reason }, 'unreadable SMS delivery report');
      else {
        const at = parsed.report.deliveredAt ? new Date(parsed.report.deliveredAt) : null;
        await reportDelivery(app.db, request.params.id, parsed.report.id, parsed.report.status, at);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${NEWSLETTER_IMAGES_PATH}/:id`,
    {
      schema: {
        tags: ['member care'],
        summary:
          'A newsletter image, for anyone holding its address: mail programs fetch it without a session (the id is unguessable)',
        params: idParamsSchema,
        querystring: noQuery,
      },
    },
    async (request, reply) => {
      const image = await readNewsletterImage(app.db, request.params.id);
      return (
        reply
          .header('content-type', image.contentType)
          // The bytes of an id never change.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          // Shown in webmail pages of other origins; never run as a document of ours.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .send(image.content)
      );
    },
  );
};
