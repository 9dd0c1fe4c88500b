import { companySchema, envelope, idParamsSchema, updateCompanyBodySchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { scoped } from '../../plugins/auth';
import { type Tenant, tenantOf } from '../organizations/tenant';
import { type CompanyChanges, findCompany, updateCompany } from './company.repository';

const noQuery = z.object({}).strict();

/** `company/{id}` names the organisation explicitly; any id but the caller's own is a 404. */
function ownOrganisation(tenant: Tenant, id: string): Tenant {
  if (id !== tenant.organisationId) throw new NotFoundError();
  return tenant;
}

/** Optional text fields: an empty string clears the value. */
const blankToNull = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (tenant: Tenant) => {
    const company = await findCompany(app.db, tenant);
    if (!company) throw new NotFoundError();
    return company;
  };

  app.get(
    '/company',
    {
      ...scoped(app, 'company.read'),
      schema: {
        tags: ['company'],
        summary: 'The organisation in use',
        querystring: noQuery,
        response: { 200: envelope(companySchema) },
      },
    },
    async (request) => ({ data: await load(tenantOf(request.auth)) }),
  );

  app.get(
    '/company/:id',
    {
      ...scoped(app, 'company.read'),
      schema: {
        tags: ['company'],
        summary: 'The organisation in use, by id',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(companySchema) },
      },
    },
    async (request) => ({ data: await load(ownOrganisation(tenantOf(request.auth), request.params.id)) }),
  );

  app.put(
    '/company/:id',
    {
      ...scoped(app, 'company.write'),
      schema: {
        tags: ['company'],
        summary: "Change the organisation's name, organisation number and billing details",
        params: idParamsSchema,
        querystring: noQuery,
        body: updateCompanyBodySchema,
        response: { 200: envelope(companySchema) },
      },
    },
    async (request) => {
      const tenant = ownOrganisation(tenantOf(request.auth), request.params.id);
      const body = request.body;
      const changes: CompanyChanges = {
        name: body.name,
        organisationNumber: body.organisationNumber,
        invoiceAddress: blankToNull(body.invoiceAddress),
        city: blankToNull(body.city),
        zipCode: blankToNull(body.zipCode),
        country: blankToNull(body.country),
        billingEmail: body.billingEmail,
      };
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as CompanyChanges;
      if (Object.keys(defined).length > 0 && !(await updateCompany(app.db, tenant, defined))) throw new NotFoundError();
      return { data: await load(tenant) };
    },
  );
};
