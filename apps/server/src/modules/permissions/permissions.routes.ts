import { ALL_SCOPES, envelope, ROLE_RULES, SCOPE_CATEGORIES, SCOPES, scopeCategory, scopeSchema } from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../../plugins/auth';
import { tenantOf } from '../organizations/tenant';
import { listRoles } from './permissions.repository';

const categorySchema = z.enum(SCOPE_CATEGORIES);
const noQuery = z.object({}).strict();

export const roleViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  system: z.boolean(),
  scopes: z.array(scopeSchema),
  rules: z.object(
    Object.fromEntries(ROLE_RULES.map((r) => [r, z.boolean()])) as Record<(typeof ROLE_RULES)[number], z.ZodBoolean>,
  ),
});
export const scopeViewSchema = z.object({ name: scopeSchema, category: categorySchema });
export const scopeCategoryViewSchema = z.object({ id: categorySchema, scopes: z.array(scopeSchema) });

/**
 * Read-only lists behind the roles tab (spec §6); managing roles is a later issue. Any signed-in
 * user may read them: they describe what the product can grant, not anybody's data.
 */
export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permissions/roles',
    {
      ...authenticated(app),
      schema: {
        tags: ['permissions'],
        summary: "The organisation's roles",
        querystring: noQuery,
        response: { 200: envelope(z.array(roleViewSchema)) },
      },
    },
    async (request) => ({ data: await listRoles(app.db, tenantOf(request.auth)) }),
  );

  app.get(
    '/permissions/scopes',
    {
      ...authenticated(app),
      schema: {
        tags: ['permissions'],
        summary: 'Every scope a role can grant',
        querystring: noQuery,
        response: { 200: envelope(z.array(scopeViewSchema)) },
      },
    },
    async () => ({ data: ALL_SCOPES.map((name) => ({ name, category: scopeCategory(name) })) }),
  );

  app.get(
    '/permissions/scope_categories',
    {
      ...authenticated(app),
      schema: {
        tags: ['permissions'],
        summary: 'Scope categories of spec §6 with their scopes',
        querystring: noQuery,
        response: { 200: envelope(z.array(scopeCategoryViewSchema)) },
      },
    },
    async () => ({ data: SCOPE_CATEGORIES.map((id) => ({ id, scopes: [...SCOPES[id]] })) }),
  );
};
