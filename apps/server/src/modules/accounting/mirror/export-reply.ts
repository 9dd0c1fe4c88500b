import type { FastifyReply } from 'fastify';
import type { ExportFile } from './export';

/** Sends an export as a download; the bytes bypass the serializer. */
export function sendExport(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}
