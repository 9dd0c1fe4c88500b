import {
  cancelResultSchema,
  cancelSubscriptionBodySchema,
  changePaymentPlanBodySchema,
  changeSmsPlanBodySchema,
  DUPLICATE_TIERS,
  duplicateTierSchema,
  envelope,
  idParamsSchema,
  packageSchema,
  paymentPlanInfoSchema,
  productModuleSchema,
  smsPlanSchema,
  subscriptionRequestSchema,
  subscriptionSchema,
  updatePackageBodySchema,
  updateTierBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, scoped } from '../../plugins/auth';
import { listActivePackages } from '../landing/landing.repository';
import { tenantOf } from '../organizations/tenant';
import { listSmsPlans } from './subscriptions.repository';
import {
  changeSmsPlan,
  getSubscription,
  listProductModules,
  myModules,
  paymentPlans,
  requestCancellation,
  requestPackageChange,
  requestPaymentPlanChange,
  requestTierChange,
} from './subscriptions.service';

const noQuery = z.object({}).strict();
const list = <T extends z.ZodType>(item: T) => envelope(z.array(item));

/**
 * Subscription calls (docs/subscriptions.md). Reads are open to every signed-in user of the
 * organisation (a non-Owner sees the page with the Owner-only message); upgrade, downgrade,
 * cancel and payment plan changes are for Owners only, checked in the service so others get
 * that refusal (`ONLY_OWNER_MANAGES_SUBSCRIPTION`).
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/packages',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: 'Packages to choose from',
        querystring: noQuery,
        response: { 200: list(packageSchema) },
      },
    },
    async () => ({ data: await listActivePackages(app.db) }),
  );

  app.get(
    '/tiers',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: "The duplicate detector's tiers to choose from, cheapest first",
        querystring: noQuery,
        response: { 200: list(duplicateTierSchema) },
      },
    },
    async () => ({ data: [...DUPLICATE_TIERS] }),
  );

  app.get(
    '/payment_plans',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: 'Payment plans: annually, quarterly (+80 SEK ex VAT per month), monthly',
        querystring: noQuery,
        response: { 200: list(paymentPlanInfoSchema) },
      },
    },
    async () => ({ data: paymentPlans() }),
  );

  app.get(
    '/sms_plans',
    {
      ...authenticated(app),
      schema: { tags: ['subscription'], summary: 'SMS plans', querystring: noQuery, response: { 200: list(smsPlanSchema) } },
    },
    async () => ({ data: await listSmsPlans(app.db) }),
  );

  app.get(
    '/modules',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: 'Modules of the product',
        querystring: noQuery,
        response: { 200: list(productModuleSchema) },
      },
    },
    async () => ({ data: await listProductModules(app.db) }),
  );

  app.get(
    '/subscription/my_modules',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: "Modules the organisation's package includes",
        querystring: noQuery,
        response: { 200: list(productModuleSchema) },
      },
    },
    async (request) => ({ data: await myModules(app.db, tenantOf(request.auth)) }),
  );

  app.get(
    '/subscriptions',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: "The organisation's subscription with usage and pending requests",
        querystring: noQuery,
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    async (request) => ({ data: await getSubscription(app.db, request.auth) }),
  );

  app.put(
    '/subscriptions/update_package/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: 'Request an upgrade or a downgrade (Owner only)',
        params: idParamsSchema,
        querystring: noQuery,
        body: updatePackageBodySchema,
        response: { 200: envelope(subscriptionRequestSchema) },
      },
    },
    async (request) => ({ data: await requestPackageChange(app.db, request.auth, request.params.id, request.body) }),
  );

  app.put(
    '/subscriptions/update_tier/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: 'Request another Dubbelkoll tier: an upgrade or a downgrade (Owner only)',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateTierBodySchema,
        response: { 200: envelope(subscriptionRequestSchema) },
      },
    },
    async (request) => ({ data: await requestTierChange(app.db, request.auth, request.params.id, request.body) }),
  );

  app.put(
    '/subscriptions/cancel/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: 'Cancel the subscription with a reason (Owner only)',
        params: idParamsSchema,
        querystring: noQuery,
        body: cancelSubscriptionBodySchema,
        response: { 200: envelope(cancelResultSchema) },
      },
    },
    async (request) => ({ data: await requestCancellation(app.db, request.auth, request.params.id, request.body) }),
  );

  app.put(
    '/subscriptions/change_payment_plan/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['subscription'],
        summary: 'Request another payment plan from the next period (Owner only)',
        params: idParamsSchema,
        querystring: noQuery,
        body: changePaymentPlanBodySchema,
        response: { 200: envelope(subscriptionRequestSchema) },
      },
    },
    async (request) => ({
      data: await requestPaymentPlanChange(app.db, request.auth, request.params.id, request.body.paymentPlan),
    }),
  );

  app.put(
    '/subscriptions/change_sms_plan/:id',
    {
      ...scoped(app, 'subscription.manage'),
      schema: {
        tags: ['subscription'],
        summary: 'Choose an SMS plan, or none',
        params: idParamsSchema,
        querystring: noQuery,
        body: changeSmsPlanBodySchema,
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    async (request) => ({ data: await changeSmsPlan(app.db, request.auth, request.params.id, request.body.smsPlanId) }),
  );
};
