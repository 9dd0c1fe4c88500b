import {
  envelope,
  idParamsSchema,
  recipientsPreviewBodySchema,
  recipientsPreviewSchema,
  sendoutBodySchema,
  sendoutDetailSchema,
  sendoutReadQuerySchema,
  sendoutScheduleBodySchema,
  sendoutSchema,
  sendoutsListQuerySchema,
  sendoutsListResponseSchema,
  sendoutTestBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { scoped } from '../../plugins/auth';
import { memberCareTenantOf } from './email-templates.service';
import { previewRecipients } from './recipients';
import { sendoutStarter } from './sendouts.runs';
import {
  cancelSendout,
  createSendout,
  deleteSendout,
  getSendout,
  listSendouts,
  scheduleSendout,
  sendSendoutNow,
  testSendout,
  updateSendout,
} from './sendouts.service';

const noQuery = z.object({}).strict();
const deleted = envelope(z.object({ id: z.uuid() }));

/**
 * Who a selection reaches, and e-mail and SMS send-outs (docs/member-care.md#send-outs). Reading
 * needs `membercare.read`, every change `membercare.write`; every id is the club account's own,
 * or the answer is 404.
 */
export const sendoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'membercare.read');
  const write = scoped(app, 'membercare.write');

  app.post(
    '/member_care/recipients/preview',
    {
      ...read,
      schema: {
        tags: ['member care'],
        summary:
          'Who a selection reaches on a channel: the count, and the members left out with the reason (no address, no mobile number, unsubscribed, inactive)',
        querystring: noQuery,
        body: recipientsPreviewBodySchema,
        response: { 200: envelope(recipientsPreviewSchema) },
      },
    },
    async (request) => ({
      data: await previewRecipients(app.db, memberCareTenantOf(request.auth), request.body.channel, request.body.selection),
    }),
  );

  // ---- send-outs ------------------------------------------------------------------------------
  const starter = sendoutStarter(app);

  app.get(
    '/member_care/sendouts',
    {
      ...read,
      schema: {
        tags: ['member care'],
        summary:
          'Send-outs: `view=scheduled` (drafts and scheduled, soonest first) apart from `earlier` ones (newest first), with counts',
        querystring: sendoutsListQuerySchema,
        response: { 200: sendoutsListResponseSchema },
      },
    },
    async (request) => listSendouts(app.db, request.auth, request.query),
  );

  app.post(
    '/member_care/sendouts',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Create a send-out (a draft): e-mail (a template, a subject) or SMS (a sender, a text), and who it goes to',
        querystring: noQuery,
        body: sendoutBodySchema,
        response: { 201: envelope(sendoutSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createSendout(app.db, request.auth, request.body) }),
  );

  app.get(
    '/member_care/sendouts/:id',
    {
      ...read,
      schema: {
        tags: ['member care'],
        summary: 'One send-out with its counts and a page of its recipients, each with their status',
        params: idParamsSchema,
        querystring: sendoutReadQuerySchema,
        response: { 200: envelope(sendoutDetailSchema) },
      },
    },
    async (request) => ({ data: await getSendout(app.db, request.auth, request.params.id, request.query, getLang(request)) }),
  );

  app.put(
    '/member_care/sendouts/:id',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Replace a send-out while it is a draft or scheduled',
        params: idParamsSchema,
        querystring: noQuery,
        body: sendoutBodySchema,
        response: { 200: envelope(sendoutSchema) },
      },
    },
    async (request) => ({ data: await updateSendout(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/member_care/sendouts/:id',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Delete a send-out (not while it is being sent)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await deleteSendout(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/member_care/sendouts/:id/schedule',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary:
          'Schedule a send-out at a date and time in Europe/Stockholm (`YYYY-MM-DDTHH:mm`), at most 7 days back (a time passed starts it now)',
        params: idParamsSchema,
        querystring: noQuery,
        body: sendoutScheduleBodySchema,
        response: { 200: envelope(sendoutSchema) },
      },
    },
    async (request) => ({
      data: await scheduleSendout(app.db, request.auth, request.params.id, request.body.sendAt, starter),
    }),
  );

  app.post(
    '/member_care/sendouts/:id/send',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Send a draft or scheduled send-out now (an SMS send-out that would pass the SMS plan is refused first)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(sendoutSchema) },
      },
    },
    async (request) => ({ data: await sendSendoutNow(app.db, request.auth, request.params.id, starter) }),
  );

  app.post(
    '/member_care/sendouts/:id/cancel',
    {
      ...write,
      schema: {
        tags: ['member care'],
        summary: 'Cancel a scheduled send-out, or one being sent (it stops before its next message)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(sendoutSchema) },
      },
    },
    async (request) => ({ data: await cancelSendout(app.db, request.auth, request.params.id) }),
  );

  app.post(
    '/member_care/sendouts/:id/test',
    {
      // Its own guards: the rate limit adds its hook to the route's onRequest list, which `write` shares.
      ...scoped(app, 'membercare.write'),
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['member care'],
        summary: 'Send one test copy to an e-mail address (e-mail) or mobile number (SMS); required',
        params: idParamsSchema,
        querystring: noQuery,
        body: sendoutTestBodySchema,
        response: { 200: envelope(z.object({ to: z.string() })) },
      },
    },
    async (request) => ({ data: await testSendout(app, request.auth, request.params.id, request.body.to) }),
  );
};
