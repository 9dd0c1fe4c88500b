import {
  envelope,
  exportLogEntrySchema,
  exportLogQuerySchema,
  exportLogSchema,
  exportRequestSchema,
  idParamsSchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { scoped } from '../../plugins/auth';
import { createExport, getExport, getExportFile, getExportLog } from './exports.service';

const noQuery = z.object({}).strict();

/**
 * Exports of a period's members, invoices, payments or GIT invoice bases, and the export log
 * (docs/exports.md). Every call needs `exports.read`; making or
 * downloading an export also needs the read scope of what it contains (EXPORT_KIND_SCOPES).
 */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'exports.read');

  app.post(
    '/exports',
    {
      ...read,
      schema: {
        tags: ['exports'],
        summary: 'Export members, invoices, payments or GIT invoice bases of a period as CSV or XLSX',
        description:
          'Small exports are made at once (201, the finished log row); large ones by a worker (202, the queued row — follow GET exports/{id}), as is a small one that met a passing fault or another export of the club account being made. Download the file with GET exports/{id}/file.',
        querystring: noQuery,
        body: exportRequestSchema(),
        response: { 201: envelope(exportLogEntrySchema), 202: envelope(exportLogEntrySchema) },
      },
      config: { ...read.config, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { entry, queued } = await createExport(app, request.auth, request.body, getLang(request));
      return reply.code(queued ? 202 : 201).send({ data: entry });
    },
  );

  app.get(
    '/exports/log',
    {
      ...read,
      schema: {
        tags: ['exports'],
        summary: 'The export log of the club account in use, newest first',
        querystring: exportLogQuerySchema,
        response: { 200: exportLogSchema },
      },
    },
    async (request) => getExportLog(app, request.auth, request.query, getLang(request)),
  );

  app.get(
    '/exports/:id',
    {
      ...read,
      schema: {
        tags: ['exports'],
        summary: 'One export of the log (to follow a queued export)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(exportLogEntrySchema) },
      },
    },
    async (request) => ({ data: await getExport(app, request.auth, request.params.id, getLang(request)) }),
  );

  app.get(
    '/exports/:id/file',
    {
      ...read,
      schema: {
        tags: ['exports'],
        summary: 'Download the file of an export again (kept for 14 days)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: z.any().describe('text/csv or an .xlsx workbook') },
      },
    },
    async (request, reply) => {
      const file = await getExportFile(app, request.auth, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);
    },
  );
};
