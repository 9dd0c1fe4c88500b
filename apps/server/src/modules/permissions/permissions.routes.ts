import {
  ALL_SCOPES,
  deleteRoleQuerySchema,
  envelope,
  idParamsSchema,
  roleBodySchema,
  roleDefinitionSchema,
  SCOPE_CATEGORIES,
  SCOPES,
  scopeCategory,
  scopeCategoryViewSchema,
  scopeViewSchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, scoped } from '../../plugins/auth';
import { tenantOf } from '../organizations/tenant';
import { listRoles } from './permissions.repository';
import { changeRole, createRole, removeRole } from './permissions.roles';

const noQuery = z.object({}).strict();

/**
 * The roles tab (docs/permissions.md#roles). Any signed-in user may read the lists: they describe what the product
 * can grant and which roles exist (the invite form offers them), not anybody's data. Changing
 * roles needs roles.manage.
 */
export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permissions/roles',
    {
      ...authenticated(app),
      schema: {
        tags: ['permissions'],
        summary: "The organisation's roles with their scopes, rules and number of users",
        querystring: noQuery,
        response: { 200: envelope(z.array(roleDefinitionSchema)) },
      },
    },
    async (request) => ({ data: await listRoles(app.db, tenantOf(request.auth)) }),
  );

  app.post(
    '/permissions/roles',
    {
      ...scoped(app, 'roles.manage'),
      schema: {
        tags: ['permissions'],
        summary: 'Create a role: a name unique in the organisation, scopes and rule toggles',
        querystring: noQuery,
        body: roleBodySchema,
        response: { 201: envelope(roleDefinitionSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createRole(app.db, request.auth, request.body) }),
  );

  app.put(
    '/permissions/roles/:id',
    {
      ...scoped(app, 'roles.manage'),
      schema: {
        tags: ['permissions'],
        summary: "Change one of the organisation's own roles (default roles cannot be changed)",
        params: idParamsSchema,
        querystring: noQuery,
        body: roleBodySchema,
        response: { 200: envelope(roleDefinitionSchema) },
      },
    },
    async (request) => ({ data: await changeRole(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/permissions/roles/:id',
    {
      ...scoped(app, 'roles.manage'),
      schema: {
        tags: ['permissions'],
        summary:
          "Remove one of the organisation's own roles. A role in use is refused unless `reassignTo` names the role its users get instead.",
        params: idParamsSchema,
        querystring: deleteRoleQuerySchema,
        response: { 200: envelope(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => {
      await removeRole(app.db, request.auth, request.params.id, request.query.reassignTo);
      return { data: { id: request.params.id } };
    },
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
        summary: 'Scope categories with their scopes',
        querystring: noQuery,
        response: { 200: envelope(z.array(scopeCategoryViewSchema)) },
      },
    },
    async () => ({ data: SCOPE_CATEGORIES.map((id) => ({ id, scopes: [...SCOPES[id]] })) }),
  );
};
