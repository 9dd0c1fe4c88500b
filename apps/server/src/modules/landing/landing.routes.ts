import { DUPLICATE_TIERS, duplicateTierSchema, envelope, golfClubSchema, packageSchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listActivePackages, listGolfClubs } from './landing.repository';

const noQuery = z.object({}).strict();
const golfClubsQuerySchema = z.object({ search: z.string().trim().max(100).optional() }).strict();

/** Public landing-page data: no token (docs/api.md#contract lists the calls open to everyone). */
export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/landing_page/packages',
    {
      schema: {
        tags: ['landing'],
        summary: 'Packages offered at registration, cheapest first',
        querystring: noQuery,
        response: { 200: envelope(z.array(packageSchema)) },
      },
    },
    async () => ({ data: await listActivePackages(app.db) }),
  );

  app.get(
    '/landing_page/golf_clubs',
    {
      schema: {
        tags: ['landing'],
        summary: 'Swedish golf clubs to choose from at registration',
        querystring: golfClubsQuerySchema,
        response: { 200: envelope(z.array(golfClubSchema)) },
      },
    },
    async (request) => ({ data: await listGolfClubs(app.db, request.query.search || undefined) }),
  );

  app.get(
    '/landing_page/tiers',
    {
      schema: {
        tags: ['landing'],
        summary: "The duplicate detector's tiers, cheapest first",
        querystring: noQuery,
        response: { 200: envelope(z.array(duplicateTierSchema)) },
      },
    },
    async () => ({ data: [...DUPLICATE_TIERS] }),
  );
};
