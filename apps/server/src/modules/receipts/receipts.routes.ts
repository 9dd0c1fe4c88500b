import {
  envelope,
  pdfQuerySchema,
  receiptPdfParamsSchema,
  receiptSendOutSchema,
  receiptsListQuerySchema,
  receiptsListSchema,
  sendOutParamsSchema,
  sendReceiptsBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { sendPdf } from '../../lib/pdf-reply';
import { scoped } from '../../plugins/auth';
import { getSendOut, listReceiptsPage, receiptPdf, sendReceipts } from './receipts.service';

const noQuery = z.object({}).strict();

/** Receipts of fully paid invoices (docs/receipts.md: `receipts` and `send_receipts/`). */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'receipts.read');
  const write = scoped(app, 'receipts.write');

  app.get(
    '/receipts',
    {
      ...read,
      schema: {
        tags: ['receipts'],
        summary: 'Invoices fully paid in the last 90 days with the state of their receipt',
        querystring: receiptsListQuerySchema,
        response: { 200: receiptsListSchema },
      },
    },
    async (request) => listReceiptsPage(app, request.auth, request.query),
  );

  app.get(
    '/receipts/:invoiceId/pdf',
    {
      ...read,
      schema: {
        tags: ['receipts'],
        summary: 'The receipt as PDF, inline or as a download (?download=1)',
        params: receiptPdfParamsSchema,
        querystring: pdfQuerySchema,
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      return sendPdf(reply, await receiptPdf(app, request.auth, request.params.invoiceId, getLang(request)), request.query);
    },
  );

  app.post(
    '/send_receipts',
    {
      ...write,
      schema: {
        tags: ['receipts'],
        summary: 'E-mail the receipts of the chosen invoices (a job); answers the send-out and how many were queued',
        querystring: noQuery,
        body: sendReceiptsBodySchema,
        response: { 202: envelope(z.object({ sendOutId: z.string().uuid(), queued: z.number().int() })) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await sendReceipts(app, request.auth, request.body, getLang(request)) }),
  );

  app.get(
    '/send_receipts/:id',
    {
      ...read,
      schema: {
        tags: ['receipts'],
        summary: "How far a send-out has come: its run's status, and its receipts queued, sent, failed and why",
        params: sendOutParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(receiptSendOutSchema) },
      },
    },
    async (request) => ({ data: await getSendOut(app, request.auth, request.params.id, getLang(request)) }),
  );
};
