import { constants } from 'node:zlib';
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
    // Brotli's quality 3 instead of the plugin's 4: a list page of 25 rows (9.5–16 kB of JSON)
    // compressed in 51–62 µs instead of 85–114 µs, 1–3 % larger (1.45 kB against 1.43 kB; gzip's
    // default 1.5 kB in 54–90 µs). Compressing was the main thread's largest single cost of a
    // list request (bench/README.md, eighth session).
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 3 } },
  });
}
