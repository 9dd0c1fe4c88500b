import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export const swaggerPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const product = options.config.BRAND === 'dubbelkoll' ? 'Dubbelkoll' : 'Fairway';
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
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'fairway-swagger' },
);
