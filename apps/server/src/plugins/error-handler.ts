import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, type IssueLike, issuesToFieldErrors } from '@fairway/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ConflictError } from '../lib/errors';
import { bilingual, getLang, type Lang, type MessageKey } from '../lib/i18n';

export { getLang };

type ValidationEntry = NonNullable<FastifyError['validation']>[number];

function pathOf(entry: ValidationEntry): string[] {
  return entry.instancePath.split('/').filter((segment) => segment !== '');
}

/** Fastify validation entries (zod's via fastify-type-provider-zod, or Ajv's) as zod-like issues. */
function toIssues(error: FastifyError): IssueLike[] {
  const zod = hasZodFastifySchemaValidationErrors(error);
  return (error.validation ?? []).map((entry) => {
    const params = (entry.params ?? {}) as Record<string, unknown>;
    if (zod) {
      const keys = Array.isArray(params.keys) ? (params.keys as string[]) : undefined;
      return { code: entry.keyword, path: pathOf(entry), message: entry.message ?? 'invalid', keys };
    }
    // Ajv (routes with JSON schemas) names an unknown property in params, not in the path.
    if (entry.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      return {
        code: 'unrecognized_keys',
        path: pathOf(entry),
        message: 'unknown_field',
        keys: [params.additionalProperty],
      };
    }
    if (entry.keyword === 'required' && typeof params.missingProperty === 'string') {
      return { code: 'invalid_type', path: [...pathOf(entry), params.missingProperty], message: 'required' };
    }
    return { code: entry.keyword, path: pathOf(entry), message: 'invalid' };
  });
}

function validationBody(error: FastifyError, lang: Lang): ErrorBody {
  const issues = toIssues(error);
  // An issue about the whole body/query (e.g. no body at all) is reported under that part's name.
  const part = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  const withPart = issues.map((issue) =>
    issue.path.length === 0 && issue.code !== 'unrecognized_keys' ? { ...issue, path: [part] } : issue,
  );
  return { ...bilingual('errors.validation'), error: issuesToFieldErrors(withPart, lang) };
}

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'errors.badRequest',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  405: 'errors.methodNotAllowed',
  408: 'errors.requestTimeout',
  409: 'errors.conflict',
  413: 'errors.payloadTooLarge',
  414: 'errors.uriTooLong',
  415: 'errors.unsupportedMediaType',
  429: 'errors.tooManyRequests',
  431: 'errors.headersTooLarge',
};

/** A client error's body: the status' message, and for 400/406 the text again in `error`. */
function clientErrorBody(status: number, key: MessageKey, lang: Lang): ErrorBody {
  const body: ErrorBody = bilingual(key, { seconds: 60 });
  if (status === 400 || status === 406) body.error = lang === 'sv' ? body.message : body.eng_message;
  return body;
}

/** SQLSTATE of a database error, also when Drizzle wraps it (DrizzleQueryError.cause). */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const lang = getLang(request);

  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return reply.code(error.statusCode).headers(error.headers).send(error.toBody(lang));
  }

  const fastifyError = error as FastifyError;
  if (fastifyError?.validation && !isResponseSerializationError(fastifyError)) {
    return reply.code(400).send(validationBody(fastifyError, lang));
  }

  // A unique constraint that a service did not check first (e.g. two requests racing).
  if (sqlState(error) === '23505') {
    request.log.warn({ err: error }, 'unique violation');
    return sendError(request, reply, new ConflictError());
  }

  const status = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, unsupported media type…).
    const key: MessageKey =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'errors.invalidJson'
        : (STATUS_KEYS[status] ?? 'errors.badRequest');
    request.log.info({ err: error }, 'client error');
    return reply.code(status).send(clientErrorBody(status, key, lang));
  }

  // Anything else is our fault: details go to the log (with the request id), never to the client.
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(status >= 500 && status <= 599 ? status : 500).send(bilingual('errors.internal'));
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  return reply.code(404).send(bilingual('errors.routeNotFound', { method: request.method, path }));
}

const METHOD_AT_START = /^[A-Z]{3,10} /;

/**
 * Which status a request node's HTTP parser refused deserves. A header block over `maxHeaderSize`
 * (node's `maxHeaderSize`) is 431, unless the request line alone is what overflowed it (no line end yet, or a line of half
 * the limit or more): then the address is too long, 414.
 */
type ParserError = Error & { code?: string; rawPacket?: unknown };

function parserErrorStatus(error: ParserError): number {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 400;
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
  if (packet && METHOD_AT_START.test(packet.subarray(0, 12).toString('latin1'))) {
    const lineEnd = packet.indexOf('\r\n');
    if (lineEnd === -1 || lineEnd >= maxHeaderSize / 2) return 414;
  }
  return 431;
}

/**
 * Node's `clientError`: a request its HTTP parser refused (headers too large, a malformed request
 * line, a timeout) never becomes a Fastify request, so no handler of ours sees it. It still gets
 * our error body; without headers there is no Accept-Language, so `error` is in Swedish, the
 * default language.
 */
export function handleClientError(this: { log: FastifyInstance['log'] }, error: ParserError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = parserErrorStatus(error);
  this.log.info({ err: error, status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(clientErrorBody(status, STATUS_KEYS[status] ?? 'errors.badRequest', 'sv'));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Every error leaves the server in the shape of docs/api.md#errors. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  },
  { name: 'fairway-error-handler' },
);
