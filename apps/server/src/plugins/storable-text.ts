import { encodeMessage, storableDeep, unstorableTextPaths } from '@fairway/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FieldMessages, ValidationError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's input comes from another system (the Visma Administration connector): text
     * PostgreSQL cannot store is cleaned (see `storableText`) instead of refused, since that
     * system cannot fix it and a refusal would only make it send the same answer again.
     */
    externalInput?: boolean;
  }
}

const PARTS = ['params', 'query', 'body'] as const;

function fieldName(part: (typeof PARTS)[number] | 'headers', path: (string | number)[]): string {
  if (path.length === 0) return part === 'query' ? 'query' : part;
  const name = path.join('.');
  return part === 'headers' ? `headers.${name}` : name;
}

/**
 * Every request, before its route's own validation, is checked for text PostgreSQL cannot store
 * (packages/shared/src/validation/storable-text.ts): in the path, the query, the JSON body at any
 * depth (keys too) and the headers. Such a request is refused with a field message before any
 * handler runs, so no route can forget the check and nothing is written. Multipart parts are
 * read by their handlers; the parts any handler keeps go through the same rule there.
 */
export const storableTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (request.routeOptions.config?.externalInput) {
        request.body = storableDeep(request.body);
        return;
      }
      const errors: FieldMessages = {};
      const refuse = (field: string) => {
        errors[field] = [encodeMessage('unstorable_text')];
      };
      for (const part of PARTS) {
        for (const path of unstorableTextPaths(request[part])) refuse(fieldName(part, path));
      }
      // Node's parser already refuses NUL in headers, and header values are Latin-1 so they hold
      // no surrogates; the check stays here so that holds whatever parses them.
      for (const path of unstorableTextPaths(request.headers)) refuse(fieldName('headers', path));
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    });
  },
  { name: 'fairway-storable-text' },
);
