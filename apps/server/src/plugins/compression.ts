import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers below this many bytes go out as they are: compressing them saves less than a packet
 * and costs a little CPU on every request.
 */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Every text answer above COMPRESS_THRESHOLD is compressed on the fly, brotli when the client
 * accepts it, else gzip (JSON of the API, the branded index.html, the OpenAPI document). The web
 * build's files are compressed once at build time and sent as they are by the static handler
 * (plugins/static.ts); an answer that already has a Content-Encoding is left alone, and so are
 * images, fonts, PDFs and spreadsheets, which are compressed already. Requests are not
 * decompressed: a client sends its JSON plain, as before (docs/operations.md#compression).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
  });
}
