import {
  contactFormBodySchema,
  contactFormResultSchema,
  envelope,
  notificationSignupBodySchema,
  notificationSignupResultSchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { mailingDeps } from '../email/email.service';
import { FORM_BUDGETS, formBudget } from '../support/form-budget';
import { signUpForLaunch, submitContactForm } from './landing-forms.service';

const noQuery = z.object({}).strict();

/** The public site's forms (docs/help.md#contact): no token, a budget per IP address. */
export const landingFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = mailingDeps(app);
  app.post(
    '/landing_page/contact_form',
    {
      preHandler: formBudget(app, FORM_BUDGETS.contactForm),
      schema: {
        tags: ['landing'],
        summary: 'Send a message to us; stored, confirmed by e-mail and answered within 48 hours',
        querystring: noQuery,
        body: contactFormBodySchema,
        response: { 201: envelope(contactFormResultSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await submitContactForm(deps, request.body, getLang(request)) }),
  );

  app.post(
    '/landing_page/notification_signup',
    {
      preHandler: formBudget(app, FORM_BUDGETS.notificationSignup),
      schema: {
        tags: ['landing'],
        summary: 'Be told by e-mail when the product launches; a repeated address is kept once',
        querystring: noQuery,
        body: notificationSignupBodySchema,
        response: { 200: envelope(notificationSignupResultSchema) },
      },
    },
    async (request) => ({ data: await signUpForLaunch(deps, request.body, getLang(request)) }),
  );
};
