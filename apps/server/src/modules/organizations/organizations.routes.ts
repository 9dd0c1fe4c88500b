import {
  createOrganizationBodySchema,
  envelope,
  listEnvelope,
  organizationSummarySchema,
  organizationsQuerySchema,
  ROLES,
  type RoleName,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../../plugins/auth';
import { listMemberOrganisations } from './organizations.repository';
import { createFurtherOrganisation } from './organizations.service';
import { tenantOf } from './tenant';

const noQuery = z.object({}).strict();

const asRoleName = (role: string): RoleName => ((ROLES as readonly string[]).includes(role) ? (role as RoleName) : 'Other');

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations',
    {
      ...authenticated(app),
      schema: {
        tags: ['organizations'],
        summary: 'The organisations the signed-in user belongs to',
        querystring: organizationsQuerySchema,
        response: { 200: listEnvelope(organizationSummarySchema) },
      },
    },
    async (request) => {
      const { page, pageSize, search } = request.query;
      const { rows, total } = await listMemberOrganisations(app.db, { userId: request.auth.userId }, { page, pageSize, search });
      return {
        data: rows.map((r) => ({ ...r, role: asRoleName(r.role), current: r.id === request.auth.organisationId })),
        pagination: { page, pageSize, total },
      };
    },
  );

  app.post(
    '/organizations',
    {
      ...authenticated(app),
      schema: {
        tags: ['organizations'],
        summary: 'Create a further organisation owned by the signed-in user',
        querystring: noQuery,
        body: createOrganizationBodySchema,
        response: { 201: envelope(organizationSummarySchema) },
      },
    },
    async (request, reply) => {
      const { name, organisationNumber } = request.body;
      const created = await createFurtherOrganisation(app.db, tenantOf(request.auth), {
        ownerUserId: request.auth.userId,
        name,
        organisationNumber: organisationNumber ?? null,
      });
      return reply.code(201).send({
        data: {
          id: created.organisationId,
          name,
          organisationNumber: organisationNumber ?? null,
          customerNumber: created.customerNumber,
          role: 'Owner' as const,
          current: false,
        },
      });
    },
  );
};
