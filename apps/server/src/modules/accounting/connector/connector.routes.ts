import { envelope } from '@fairway/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimAnswerSchema,
  claimBodySchema,
  heartbeatAnswerSchema,
  heartbeatBodySchema,
  registerAnswerSchema,
  registerBodySchema,
  resultAnswerSchema,
  resultBodySchema,
} from '../../../providers/visma-admin/protocol';
import type { ConnectorRow } from './connector.repository';
import { authenticateConnector, claim, heartbeat, postResult, register } from './connector.service';

const noQuery = z.object({}).strict();
const workParams = z.object({ id: z.uuid() }).strict();

/** A page of 500 invoices with their rows, or a PDF in base64, is more than Fastify's 1 MB default. */
const RESULT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The calls the Visma Administration connector makes (providers/visma-admin/PROTOCOL.md),
 * under /api/v1/connector. They authenticate with the club account's connector key, not a
 * user's token; every authenticated call also counts as a sign of life.
 */
export const connectorRoutes: FastifyPluginAsyncZod = async (app) => {
  const connectors = new WeakMap<FastifyRequest, ConnectorRow>();
  const connectorOf = (request: FastifyRequest): ConnectorRow => {
    const row = connectors.get(request);
    if (!row) throw new Error('connector route without its key check');
    return row;
  };

  // Long polls end when the server closes, instead of holding the shutdown for 25 s.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  // Everything here is what Visma Administration holds: text PostgreSQL cannot store is cleaned
  // rather than refused (plugins/storable-text.ts).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, externalInput: true };
  });

  // Before the body is read: a caller without a valid key learns nothing from validation errors.
  app.addHook('onRequest', async (request) => {
    connectors.set(request, await authenticateConnector(app.db, request.headers.authorization));
  });

  const tags = ['connector'];

  app.post(
    '/connector/register',
    {
      schema: {
        tags,
        summary: 'The connector starts: its version, the PC and the Visma Administration company it serves',
        querystring: noQuery,
        body: registerBodySchema,
        response: { 200: envelope(registerAnswerSchema) },
      },
    },
    async (request) => ({ data: await register(app.db, connectorOf(request), request.body) }),
  );

  app.post(
    '/connector/heartbeat',
    {
      schema: {
        tags,
        summary: 'The connector is alive (every 30 s); answers how much work waits',
        querystring: noQuery,
        body: heartbeatBodySchema,
        response: { 200: envelope(heartbeatAnswerSchema) },
      },
    },
    async (request) => ({ data: await heartbeat(app.db, connectorOf(request)) }),
  );

  app.post(
    '/connector/work/claim',
    {
      schema: {
        tags,
        summary: 'Lease the oldest work items; waits up to 25 s for work when there is none',
        querystring: noQuery,
        body: claimBodySchema,
        response: { 200: envelope(claimAnswerSchema) },
      },
    },
    async (request, reply) => {
      const hungUp = new AbortController();
      const onClose = () => hungUp.abort();
      reply.raw.once('close', onClose);
      try {
        const signal = AbortSignal.any([hungUp.signal, closing.signal]);
        return { data: await claim(app.db, connectorOf(request), request.body, { signal }) };
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );

  app.post(
    '/connector/work/:id/result',
    {
      bodyLimit: RESULT_BODY_LIMIT,
      schema: {
        tags,
        summary: "The outcome of a leased item: the answer, or Visma Administration's error; the first result counts",
        querystring: noQuery,
        params: workParams,
        body: resultBodySchema,
        response: { 200: envelope(resultAnswerSchema) },
      },
    },
    async (request) => ({ data: await postResult(app.db, connectorOf(request), request.params.id, request.body) }),
  );
};
