import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';

export const DOCS_PREFIX = '/api/docs';

const INTERNAL = Symbol('fairway.internalRoute');

/**
 * Marks a route guard whose routes are the portal company's own (platform admins): the production
 * API document leaves them out, so it describes only what clubs may call. Marking the guard, not
 * each route, means a new route behind the guard cannot be forgotten.
 */
export function internalGuard<T extends object>(guard: T): T {
  return Object.assign(guard, { [INTERNAL]: true });
}

function isInternalRoute(route: RouteOptions | undefined): boolean {
  const hooks = route?.onRequest;
  const list: unknown[] = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  return list.some((hook) => (hook as Partial<Record<typeof INTERNAL, true>>)[INTERNAL] === true);
}

/**
 * OpenAPI generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json.
 *
 * Outside production the document lists every route (developers, and the fuzz test that reads
 * it, need all of them). In production it is still public, for those who build on the API, but
 * without the platform-admin routes (`internalGuard`): they are guarded anyway, and a public list
 * of them only helps someone looking for a way in.
 */
export const swaggerPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const product = options.config.BRAND === 'dubbelkoll' ? 'Dubbelkoll' : 'Fairway';
    const hideInternal = options.config.NODE_ENV === 'production';
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${product} API`,
          description:
            'Every call answers `{ data }` on success and `{ message, eng_message, … }` on failure ' +
            '(`message` Swedish, `eng_message` English; field messages follow Accept-Language).',
          version: '1',
        },
        servers: [{ url: options.config.PUBLIC_URL }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        if (!hideInternal || !isInternalRoute(input.route)) return transformed;
        return { ...transformed, schema: { ...transformed.schema, hide: true } };
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'fairway-swagger' },
);
