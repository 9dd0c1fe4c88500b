import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberCarePublicRoutes } from './public.routes';
import { sendoutsRoutes } from './sendouts.routes';
import { templatesRoutes } from './templates.routes';

/**
 * Member care (docs/member-care.md): e-mail templates and newsletter images (templates.routes.ts),
 * recipients and send-outs (sendouts.routes.ts) and the calls without sign-in — unsubscribing,
 * SMS delivery reports, newsletter images for mail programs (public.routes.ts).
 */
export const memberCareRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(templatesRoutes);
  await app.register(sendoutsRoutes);
  await app.register(memberCarePublicRoutes);
};
