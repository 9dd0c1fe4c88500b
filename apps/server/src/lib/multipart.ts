import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BusinessError, isAppError } from './errors';

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
}

/**
 * Hands `read` the parts of a multipart body. The parser throws plain errors for a body it cannot
 * read (no or an overlong boundary in the content type, a part cut off before its end), which
 * would otherwise answer 500: here they are the client's 400. `read` should only read and check
 * parts, so that nothing of ours is mistaken for a bad upload; errors that carry a status
 * (our own, or the plugin's limits) pass through unchanged.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  limits: MultipartLimits,
  read: (parts: AsyncIterableIterator<Multipart>) => Promise<T>,
): Promise<T> {
  try {
    // Oversize is left to `read` (truncated streams), so every part can still be reported.
    const options = { limits, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    return await read(request.parts(options));
  } catch (error) {
    if (isAppError(error) || typeof (error as { statusCode?: unknown })?.statusCode === 'number') throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new BusinessError(400, 'errors.malformedMultipart');
  }
}
