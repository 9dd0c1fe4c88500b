import {
  buySupportHoursBodySchema,
  envelope,
  openTicketBodySchema,
  SUPPORT_HOURS_LIST_MAX,
  supportHoursPurchaseSchema,
  supportTicketSchema,
  supportTicketsListSchema,
  supportTicketsQuerySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { authenticated, scoped } from '../../plugins/auth';
import { mailingDeps } from '../email/email.service';
import { tenantOf } from '../organizations/tenant';
import { FORM_BUDGETS, formBudget } from './form-budget';
import { listPurchases } from './support.repository';
import { buySupportHours, listTickets, openTicket } from './support.service';

const noQuery = z.object({}).strict();

/** Support (docs/help.md#support): tickets to our support team and personal support hours. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = mailingDeps(app);
  // Anyone signed in may ask for help; which member a ticket names is checked against the club account.
  const signedIn = authenticated(app);
  app.post(
    '/support/open_ticket',
    {
      ...signedIn,
      preHandler: formBudget(app, FORM_BUDGETS.openTicket),
      schema: {
        tags: ['support'],
        summary: 'Open a support ticket (subject, message, optionally about a member); e-mailed to support and confirmed',
        querystring: noQuery,
        body: openTicketBodySchema,
        response: { 201: envelope(supportTicketSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await openTicket(deps, request.auth, request.body, getLang(request)) }),
  );

  app.get(
    '/support/tickets',
    {
      ...signedIn,
      schema: {
        tags: ['support'],
        summary: "The organisation's support tickets, newest first; memberId keeps those about one member",
        querystring: supportTicketsQuerySchema,
        response: { 200: supportTicketsListSchema },
      },
    },
    async (request) => listTickets(app.db, request.auth, request.query),
  );

  // Buying hours adds to the organisation's billing: the scope of whoever manages the subscription.
  app.post(
    '/support/buy_support_hours',
    {
      ...scoped(app, 'subscription.manage'),
      schema: {
        tags: ['support'],
        summary: 'Buy personal support by the hour (1500 SEK ex VAT per hour, decimal hours); added to the next billing',
        querystring: noQuery,
        body: buySupportHoursBodySchema,
        response: { 201: envelope(supportHoursPurchaseSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await buySupportHours(deps, request.auth, request.body, getLang(request)) }),
  );

  app.get(
    '/support/support_hours',
    {
      ...scoped(app, 'billing.read'),
      schema: {
        tags: ['support'],
        summary: 'The latest support hours bought, newest first, with the billing each was put on (null while it waits)',
        querystring: noQuery,
        response: { 200: envelope(z.array(supportHoursPurchaseSchema).max(SUPPORT_HOURS_LIST_MAX)) },
      },
    },
    async (request) => ({ data: await listPurchases(app.db, tenantOf(request.auth), SUPPORT_HOURS_LIST_MAX) }),
  );
};
