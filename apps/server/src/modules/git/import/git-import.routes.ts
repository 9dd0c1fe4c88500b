import {
  envelope,
  GIT_IMPORT_MAX_BYTES,
  gitImportCommitBodySchema,
  gitImportCommitResultSchema,
  gitImportPreviewBodySchema,
  gitImportPreviewSchema,
  gitImportUploadSchema,
  idParamsSchema,
} from '@fairway/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessError } from '../../../lib/errors';
import { getLang } from '../../../lib/i18n';
import { readMultipart } from '../../../lib/multipart';
import { pathsOf } from '../../../lib/spec-paths';
import { scoped } from '../../../plugins/auth';
import { targetOf } from '../../accounting/access';
import { commitGitImport, createGitImport, getGitImport, previewGitImport } from './git-import.service';

const noQuery = z.object({}).strict();
const FILE_FIELD = 'file';

/**
 * Reads the one `file` part of the upload: an .xlsx of at most 5 MB. Other parts are ignored
 * (drained); a missing, oversized or non-.xlsx file is refused with a localised message.
 */
async function readUpload(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new BusinessError(400, 'gitImport.fileRequired');
  const limits = { fileSize: GIT_IMPORT_MAX_BYTES, files: 3, fields: 5, parts: 8 };
  let file: { name: string; bytes: Buffer } | undefined;
  let refusal: BusinessError | undefined;
  await readMultipart(request, limits, async (parts) => {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== FILE_FIELD || file || refusal) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        refusal = new BusinessError(400, 'gitImport.tooLarge', { max: GIT_IMPORT_MAX_BYTES / 1024 / 1024 });
      else if (!/\.xlsx$/i.test(part.filename ?? '')) refusal = new BusinessError(400, 'gitImport.notXlsx');
      else if (bytes.length === 0) refusal = new BusinessError(400, 'gitImport.fileRequired');
      else file = { name: part.filename, bytes };
    }
  });
  if (refusal) throw refusal;
  if (!file) throw new BusinessError(400, 'gitImport.fileRequired');
  return file;
}

/**
 * Importing GIT's Excel export of an invoice batch (docs/git.md#import): upload → preview → commit. Reading
 * an upload needs `git.read`; uploading, previewing (it reads the mapping sent) and committing
 * need `git.write`. Every import belongs to the club account in use; another's id answers 404.
 */
export const gitImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'git.read');
  const write = scoped(app, 'git.write');
  const tags = ['git'];

  for (const url of pathsOf('POST /git/imports'))
    app.post(
      url,
      {
        ...write,
        schema: {
          tags,
          summary:
            "Upload GIT's Excel export of an invoice batch (multipart field `file`, .xlsx, at most 5 MB): answers its columns, the first rows and a suggested column mapping",
          consumes: ['multipart/form-data'],
          querystring: noQuery,
          response: { 201: envelope(gitImportUploadSchema) },
        },
        config: { ...write.config, rateLimit: { max: 60, timeWindow: '10 minutes' } },
      },
      async (request, reply) => {
        const file = await readUpload(request);
        const data = await createGitImport(app, targetOf(request.auth), file, request.auth.userId);
        return reply.code(201).send({ data });
      },
    );

  for (const url of pathsOf('GET /git/imports/:id'))
    app.get(
      url,
      {
        ...read,
        schema: {
          tags,
          summary: 'An uploaded import: its columns, first rows, suggested mapping and status',
          params: idParamsSchema,
          querystring: noQuery,
          response: { 200: envelope(gitImportUploadSchema) },
        },
      },
      async (request) => ({ data: await getGitImport(app, targetOf(request.auth), request.params.id) }),
    );

  app.post(
    '/git/imports/:id/preview',
    {
      ...write,
      schema: {
        tags,
        summary: 'The invoices the import would create with the given column mapping, each row with its errors',
        params: idParamsSchema,
        querystring: noQuery,
        body: gitImportPreviewBodySchema,
        response: { 200: envelope(gitImportPreviewSchema) },
      },
    },
    async (request) => ({
      data: await previewGitImport(app, targetOf(request.auth), request.params.id, request.body, getLang(request)),
    }),
  );

  app.post(
    '/git/imports/:id/commit',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Create the invoice occasion and its invoice bases from the import (once: a repeated commit answers the same occasion)',
        params: idParamsSchema,
        querystring: noQuery,
        body: gitImportCommitBodySchema,
        response: { 200: envelope(gitImportCommitResultSchema) },
      },
    },
    async (request) => ({
      data: await commitGitImport(app, targetOf(request.auth), request.params.id, request.body),
    }),
  );
};
