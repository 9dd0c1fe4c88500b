import { duplicateMemberParamsSchema, envelope, handlingBodySchema, handlingPlanSchema, idParamsSchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../../lib/i18n';
import { duplicatesScoped } from '../../subscriptions/module-gate';
import { handlingRuns } from './handling.runs';
import { getHandlingPlan, startHandling } from './handling.service';

const noQuery = z.object({}).strict();

/**
 * Handling duplicates in the accounting program (docs/duplicates.md#handling): the plan, and
 * starting it for a whole group or one document. Reading needs `duplicates.read`, starting
 * `duplicates.write`; a group id not of the signed-in club account answers 404.
 */
export const handlingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(handlingRuns);
  const read = duplicatesScoped(app, 'duplicates.read');
  const write = duplicatesScoped(app, 'duplicates.write');

  app.get(
    '/duplicates/:id/handle_group',
    {
      ...read,
      schema: {
        tags: ['duplicates'],
        summary: "What handling the group's open duplicates would do in the accounting program, and the last handling",
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(handlingPlanSchema) },
      },
    },
    async (request) => ({
      data: await getHandlingPlan(app, request.auth, request.params.id, getLang(request)),
    }),
  );

  app.put(
    '/duplicates/:id/handle_group',
    {
      ...write,
      schema: {
        tags: ['duplicates'],
        summary: 'Handle every open duplicate of the group in the accounting program (cancel, credit or reverse); runs as a job',
        params: idParamsSchema,
        querystring: noQuery,
        body: handlingBodySchema,
        response: { 202: envelope(handlingPlanSchema) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await startHandling(app, request.auth, request.params.id, null, getLang(request)) }),
  );

  app.put(
    '/duplicates/:id/handle_single/:x',
    {
      ...write,
      schema: {
        tags: ['duplicates'],
        summary: 'Handle one open duplicate of the group in the accounting program; runs as a job',
        params: duplicateMemberParamsSchema,
        querystring: noQuery,
        body: handlingBodySchema,
        response: { 202: envelope(handlingPlanSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ data: await startHandling(app, request.auth, request.params.id, request.params.x, getLang(request)) }),
  );
};
