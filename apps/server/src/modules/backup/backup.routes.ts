import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';
import { internalGuard } from '../../plugins/swagger';
import { assertPlatformAdmin } from '../help/help-admin.service';
import { createBackup } from './backup.archive';
import {
  BACKUP_EXTENSION,
  BACKUP_NIGHTLY_QUEUE,
  BACKUP_TOKEN_HEADER,
  runNightlyBackup,
  writeBackupToken,
} from './backup.service';

const noQuery = z.object({}).strict();
const backupFile = { 200: z.any().describe(`application/octet-stream: a Fairway backup (${BACKUP_EXTENSION}, docs/backup.md)`) };

/**
 * Backups (docs/backup.md): a platform admin downloads one, `npm run backup` asks a running PGlite
 * portal for one with the token of its data folder, and the nightly job writes them to BACKUP_DIR.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = writeBackupToken(app);

  await app.jobs.createQueue(BACKUP_NIGHTLY_QUEUE, { retryLimit: 1, retryDelay: 600 });
  await app.jobs.work(BACKUP_NIGHTLY_QUEUE, async () => {
    await runNightlyBackup(app);
  });
  if (app.jobs.runWorkers && app.config.BACKUP_DIR)
    await app.jobs.schedule(BACKUP_NIGHTLY_QUEUE, '30 2 * * *', {}, { tz: 'Europe/Stockholm' });

  const send = async (reply: { header(k: string, v: string): unknown; send(body: Buffer): unknown }) => {
    const { bytes, manifest } = await createBackup(app.database, { key: app.config.BACKUP_KEY });
    const name = `fairway-${manifest.createdAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}${BACKUP_EXTENSION}`;
    reply.header('content-type', 'application/octet-stream');
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="${name}"`);
    return reply.send(bytes);
  };

  const requirePlatformAdmin = internalGuard(async (request: { auth: { userId: string } }) =>
    assertPlatformAdmin(app.db, request.auth.userId),
  );
  app.post(
    '/backups',
    {
      onRequest: [app.authenticate, requirePlatformAdmin],
      schema: {
        tags: ['backup'],
        summary: 'A backup of the whole database, made now (platform admins)',
        querystring: noQuery,
        response: backupFile,
      },
    },
    async (_request, reply) => send(reply),
  );

  const requireToken = internalGuard(async (request: { headers: Record<string, unknown> }) => {
    const given = Buffer.from(String(request.headers[BACKUP_TOKEN_HEADER] ?? ''));
    const expected = Buffer.from(token ?? '');
    if (!token || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new UnauthorizedError();
  });
  app.post(
    '/backups/local',
    {
      onRequest: [requireToken],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['backup'],
        summary: "A backup of a running PGlite portal, for `npm run backup` (the data folder's backup token)",
        querystring: noQuery,
        response: backupFile,
      },
    },
    async (_request, reply) => send(reply),
  );
};
