import {
  billingDetailsSchema,
  billingSchema,
  envelope,
  idParamsSchema,
  listEnvelope,
  listQuerySchema,
  updateBillingDetailsBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { sendPdf } from '../../lib/pdf-reply';
import { scoped } from '../../plugins/auth';
import { type Tenant, tenantOf } from '../organizations/tenant';
import { renderBillingPdf } from './billings.pdf';
import { findBilling, findBillingDetails, listBillings, updateBillingDetails } from './billings.repository';

const noQuery = z.object({}).strict();
const pageQuery = listQuerySchema.omit({ search: true });

export const billingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const details = async (tenant: Tenant) => {
    const found = await findBillingDetails(app.db, tenant);
    if (!found) throw new NotFoundError();
    return found;
  };

  app.get(
    '/billings',
    {
      ...scoped(app, 'billing.read'),
      schema: {
        tags: ['billing'],
        summary: 'Our invoices to the organisation, newest first',
        querystring: pageQuery,
        response: { 200: listEnvelope(billingSchema) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listBillings(app.db, tenantOf(request.auth), page, pageSize);
      return { data: items, pagination: { page, pageSize, total } };
    },
  );

  app.get(
    '/billings/detail',
    {
      ...scoped(app, 'billing.read'),
      schema: {
        tags: ['billing'],
        summary: 'Billing details: organisation number, address, city, zip, country, billing e-mail',
        querystring: noQuery,
        response: { 200: envelope(billingDetailsSchema) },
      },
    },
    async (request) => ({ data: await details(tenantOf(request.auth)) }),
  );

  app.put(
    '/billings/detail',
    {
      ...scoped(app, 'company.write'),
      schema: {
        tags: ['billing'],
        summary: 'Change the billing details',
        querystring: noQuery,
        body: updateBillingDetailsBodySchema,
        response: { 200: envelope(billingDetailsSchema) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request.auth);
      await updateBillingDetails(app.db, tenant, request.body);
      return { data: await details(tenant) };
    },
  );

  app.get(
    '/billings/:id/download',
    {
      ...scoped(app, 'billing.read'),
      schema: {
        tags: ['billing'],
        summary: 'The billing as a PDF invoice',
        params: idParamsSchema,
        querystring: noQuery,
        // Bytes are sent as they are; Fastify never runs a Buffer through the serializer.
        response: { 200: z.any().describe('The PDF file (application/pdf)') },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request.auth);
      const billing = await findBilling(app.db, tenant, request.params.id);
      if (!billing) throw new NotFoundError();
      const pdf = await renderBillingPdf(billing, await details(tenant));
      return sendPdf(reply, { body: pdf, filename: `faktura-${billing.number}.pdf` }, { download: true });
    },
  );
};
