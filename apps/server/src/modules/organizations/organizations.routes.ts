import {
  ACCOUNTING_PROGRAMS,
  type AccountingProgram,
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
import { NotFoundError } from '../../lib/errors';
import { authenticated } from '../../plugins/auth';
import { findOrganisationSettings, listMemberOrganisations } from './organizations.repository';
import { createOrganisationWithOwner } from './organizations.service';
import { tenantOf } from './tenant';

const noQuery = z.object({}).strict();

/** A further organisation starts on the free package; upgrading is the subscription's business. */
export const NEW_ORGANISATION_PACKAGE_ID = 'free';

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
      const created = await app.db.transaction(async (tx) => {
        // The new organisation keeps the accounting program of the one the user works in.
        const settings = await findOrganisationSettings(tx, tenantOf(request.auth));
        if (!settings) throw new NotFoundError();
        const accountingProgram = (ACCOUNTING_PROGRAMS as readonly string[]).includes(settings.accountingProgram)
          ? (settings.accountingProgram as AccountingProgram)
          : 'fortnox';
        return createOrganisationWithOwner(tx, {
          organisation: {
            name,
            packageId: NEW_ORGANISATION_PACKAGE_ID,
            accountingProgram,
            organisationNumber: organisationNumber ?? null,
          },
          clubAccount: { name, organisationNumber: organisationNumber ?? null },
          owner: { existingUserId: request.auth.userId },
        });
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
