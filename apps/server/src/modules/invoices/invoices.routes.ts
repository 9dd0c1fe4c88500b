import {
  createInvoiceBodySchema,
  envelope,
  idParamsSchema,
  invoicePaymentBodySchema,
  invoicePaymentsListSchema,
  invoiceSchema,
  invoicesExportQuerySchema,
  invoicesListQuerySchema,
  invoicesListSchema,
  pdfQuerySchema,
  sendInvoiceBodySchema,
  updateInvoiceBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { sendPdf } from '../../lib/pdf-reply';
import { pathsOf } from '../../lib/spec-paths';
import { scoped } from '../../plugins/auth';
import { accountingDeps } from '../accounting/deps';
import { sendExport } from '../accounting/mirror/export-reply';
import {
  bookkeepInvoice,
  cancelInvoice,
  createInvoice,
  creditInvoice,
  exportInvoices,
  getInvoice,
  invoicePdf,
  listInvoicePayments,
  listInvoicesPage,
  registerPayment,
  sendInvoice,
  updateInvoice,
} from './invoices.service';

const noQuery = z.object({}).strict();
const noBody = z.object({}).strict().optional();
const one = envelope(invoiceSchema);

/** Invoices of the club account in use (docs/invoices.md). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountingDeps(app);
  const read = scoped(app, 'invoices.read');
  const write = scoped(app, 'invoices.write');

  app.get(
    '/invoices',
    {
      ...read,
      schema: {
        tags: ['invoices'],
        summary: 'Invoices from the accounting program: paged, sorted, searched and filtered',
        querystring: invoicesListQuerySchema,
        response: { 200: invoicesListSchema },
      },
    },
    async (request) => listInvoicesPage(deps, request.auth, request.query),
  );

  app.get(
    '/invoices/export',
    {
      ...read,
      schema: {
        tags: ['invoices'],
        summary: 'The filtered list as CSV or Excel',
        querystring: invoicesExportQuerySchema,
        response: { 200: z.any().describe('The file (text/csv or .xlsx)') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, await exportInvoices(deps, request.auth, filter, format, getLang(request)));
    },
  );

  app.get(
    '/invoices/:id',
    {
      ...read,
      schema: {
        tags: ['invoices'],
        summary: 'One invoice with rows and payments, read from the accounting program (the mirror when it is unreachable)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await getInvoice(deps, request.auth, request.params.id) }),
  );

  for (const url of pathsOf('GET /invoices/:id/payments'))
    app.get(
      url,
      {
        ...read,
        schema: {
          tags: ['invoices'],
          summary:
            'The payments registered on the invoice, as the mirror holds them (date, amount, portal or accounting program)',
          params: idParamsSchema,
          querystring: noQuery,
          response: { 200: invoicePaymentsListSchema },
        },
      },
      async (request) => listInvoicePayments(deps, request.auth, request.params.id),
    );

  app.get(
    '/invoices/:id/pdf',
    {
      ...read,
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as PDF, inline or as a download (?download=1)',
        params: idParamsSchema,
        querystring: pdfQuerySchema,
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      return sendPdf(reply, await invoicePdf(deps, request.auth, request.params.id, getLang(request)), request.query);
    },
  );

  app.post(
    '/invoices',
    {
      ...write,
      schema: {
        tags: ['invoices'],
        summary: 'Create an invoice in the accounting program (counts towards the package quota)',
        querystring: noQuery,
        body: createInvoiceBodySchema,
        response: { 201: one },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createInvoice(deps, request.auth, request.body) }),
  );

  app.put(
    '/invoices/:id',
    {
      ...write,
      schema: {
        tags: ['invoices'],
        summary: 'Change an invoice that is not booked',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateInvoiceBodySchema,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await updateInvoice(deps, request.auth, request.params.id, request.body) }),
  );

  const action = (path: string, summary: string, run: typeof bookkeepInvoice) =>
    app.put(
      `/invoices/:id/${path}`,
      {
        ...write,
        schema: {
          tags: ['invoices'],
          summary,
          params: idParamsSchema,
          querystring: noQuery,
          body: noBody,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await run(deps, request.auth, request.params.id) }),
    );
  action('bookkeep', 'Book the invoice', bookkeepInvoice);
  action('cancel', 'Cancel (void) an invoice that is not booked', cancelInvoice);
  action('credit', 'Credit a booked invoice; answers the credit note', creditInvoice);

  app.put(
    '/invoices/:id/send',
    {
      ...write,
      schema: {
        tags: ['invoices'],
        summary: 'Send the invoice by e-mail, e-invoice, external print or print',
        params: idParamsSchema,
        querystring: noQuery,
        body: sendInvoiceBodySchema,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await sendInvoice(deps, request.auth, request.params.id, request.body.method) }),
  );

  for (const url of pathsOf('POST /invoices/:id/payments'))
    app.post(
      url,
      {
        ...write,
        schema: {
          tags: ['invoices'],
          summary: 'Register a payment (positive, at most the balance)',
          params: idParamsSchema,
          querystring: noQuery,
          body: invoicePaymentBodySchema,
          response: { 201: one },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await registerPayment(deps, request.auth, request.params.id, request.body) }),
    );
};
