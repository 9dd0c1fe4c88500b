import { envelope, idParamsSchema, supplierSchema, suppliersListQuerySchema, suppliersListSchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../plugins/auth';
import { getSupplier, listSuppliersPage } from './suppliers.service';

const noQuery = z.object({}).strict();

/** Suppliers of the club account in use, read from the accounting program (docs/duplicates.md#mirror). */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/suppliers',
    {
      ...scoped(app, 'suppliers.read'),
      schema: {
        tags: ['suppliers'],
        summary: 'Suppliers from the accounting program: paged, sorted, searched and filtered',
        querystring: suppliersListQuerySchema,
        response: { 200: suppliersListSchema },
      },
    },
    async (request) => listSuppliersPage(app.db, request.auth, request.query),
  );

  app.get(
    '/suppliers/:id',
    {
      ...scoped(app, 'suppliers.read'),
      schema: {
        tags: ['suppliers'],
        summary: 'One supplier',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(supplierSchema) },
      },
    },
    async (request) => ({ data: await getSupplier(app.db, request.auth, request.params.id) }),
  );
};
