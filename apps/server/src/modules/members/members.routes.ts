import {
  createMemberBodySchema,
  envelope,
  familiesListQuerySchema,
  familyBodySchema,
  familyListItemSchema,
  familyMemberBodySchema,
  familyMemberParamsSchema,
  familySchema,
  idParamsSchema,
  listEnvelope,
  memberBillingBodySchema,
  memberBillingSchema,
  memberBulkActionBodySchema,
  memberBulkResultSchema,
  memberCategoryBodySchema,
  memberCategorySchema,
  memberDetailSchema,
  memberInvoicesQuerySchema,
  memberInvoicesSchema,
  memberNoteBodySchema,
  memberNoteParamsSchema,
  memberNoteSchema,
  membersListQuerySchema,
  membersListSchema,
  playerCategoryBodySchema,
  playerCategorySchema,
  updateMemberBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../plugins/auth';
import { memberCategoriesService, playerCategoriesService } from './categories.service';
import {
  addFamilyMember,
  createFamily,
  deleteFamily,
  getFamily,
  listFamiliesPage,
  removeFamilyMember,
  updateFamily,
} from './families.service';
import {
  addNote,
  bulkAction,
  createMember,
  deleteMember,
  getBilling,
  getMember,
  listMembersPage,
  memberInvoices,
  removeNote,
  updateBilling,
  updateMember,
} from './members.service';

const noQuery = z.object({}).strict();
const deleted = envelope(z.object({ id: z.string().uuid() }));

/**
 * Members of the club account in use (docs/members-and-fees.md; calls members, member_billing,
 * membercategories, playercategories; Accounting data: family). Reading needs `members.read`,
 * every change `members.write`.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = scoped(app, 'members.read');
  const write = scoped(app, 'members.write');
  const tags = ['members'];

  app.get(
    '/members',
    {
      ...read,
      schema: {
        tags,
        summary: 'Members: searched (name, golf ID, member number, e-mail), filtered, sorted and paged',
        querystring: membersListQuerySchema,
        response: { 200: membersListSchema },
      },
    },
    async (request) => listMembersPage(app.db, request.auth, request.query),
  );

  app.post(
    '/members',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a member',
        querystring: noQuery,
        body: createMemberBodySchema,
        response: { 201: envelope(memberDetailSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createMember(app.db, request.auth, request.body) }),
  );

  // Registered before /members/:id so "bulk" is never read as an id.
  app.post(
    '/members/bulk',
    {
      ...write,
      schema: {
        tags,
        summary: 'One action on the selected members, all or nothing',
        querystring: noQuery,
        body: memberBulkActionBodySchema,
        response: { 200: envelope(memberBulkResultSchema) },
      },
    },
    async (request) => ({ data: await bulkAction(app.db, request.auth, request.body) }),
  );

  app.get(
    '/members/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One member with guardian, wards, family tree and notes',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(memberDetailSchema) },
      },
    },
    async (request) => ({ data: await getMember(app.db, request.auth, request.params.id) }),
  );

  app.put(
    '/members/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a member (only the fields sent)',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateMemberBodySchema,
        response: { 200: envelope(memberDetailSchema) },
      },
    },
    async (request) => ({ data: await updateMember(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/members/:id',
    {
      ...write,
      schema: { tags, summary: 'Delete a member', params: idParamsSchema, querystring: noQuery, response: { 200: deleted } },
    },
    async (request) => {
      await deleteMember(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/members/:id/notes',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a note to a member',
        params: idParamsSchema,
        querystring: noQuery,
        body: memberNoteBodySchema,
        response: { 201: envelope(memberNoteSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await addNote(app.db, request.auth, request.params.id, request.body.text) }),
  );

  app.delete(
    '/members/:id/notes/:noteId',
    {
      ...write,
      schema: {
        tags,
        summary: "Delete a member's note",
        params: memberNoteParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await removeNote(app.db, request.auth, request.params.id, request.params.noteId);
      return { data: { id: request.params.noteId } };
    },
  );

  app.get(
    '/member_billing/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'The billing tab of a member',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(memberBillingSchema) },
      },
    },
    async (request) => ({ data: await getBilling(app.db, request.auth, request.params.id) }),
  );

  app.get(
    '/member_billing/:id/invoices',
    {
      // The member's, and accounting documents: both scopes.
      onRequest: [app.authenticate, app.requireScope('members.read'), app.requireScope('invoices.read')],
      config: { scope: 'members.read' },
      schema: {
        tags,
        summary: "The open invoices behind a member's invoice balance, paged, with the balance they add up to",
        params: idParamsSchema,
        querystring: memberInvoicesQuerySchema,
        response: { 200: memberInvoicesSchema },
      },
    },
    async (request) => memberInvoices(app.db, request.auth, request.params.id, request.query),
  );

  app.put(
    '/member_billing/:id',
    {
      ...write,
      schema: {
        tags,
        summary: "Change a member's billing name, reference, method, cycle and receipts e-mail",
        params: idParamsSchema,
        querystring: noQuery,
        body: memberBillingBodySchema,
        response: { 200: envelope(memberBillingSchema) },
      },
    },
    async (request) => ({ data: await updateBilling(app.db, request.auth, request.params.id, request.body) }),
  );

  // ---- member and player categories -------------------------------------------------------

  const categoryRoutes = (
    path: string,
    service: typeof memberCategoriesService | typeof playerCategoriesService,
    body: typeof memberCategoryBodySchema | typeof playerCategoryBodySchema,
    item: typeof memberCategorySchema | typeof playerCategorySchema,
    what: string,
  ) => {
    const svc = service as typeof memberCategoriesService;
    app.get(
      path,
      {
        ...read,
        schema: {
          tags,
          summary: `Every ${what} with its member count`,
          querystring: noQuery,
          response: { 200: envelope(z.array(item).max(1000)) },
        },
      },
      async (request) => ({ data: await svc.list(app.db, request.auth) }),
    );
    app.get(
      `${path}/:id`,
      {
        ...read,
        schema: { tags, summary: `One ${what}`, params: idParamsSchema, querystring: noQuery, response: { 200: envelope(item) } },
      },
      async (request) => ({ data: await svc.get(app.db, request.auth, request.params.id) }),
    );
    app.post(
      path,
      { ...write, schema: { tags, summary: `Create a ${what}`, querystring: noQuery, body, response: { 201: envelope(item) } } },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await svc.create(app.db, request.auth, request.body as z.output<typeof memberCategoryBodySchema>) }),
    );
    app.put(
      `${path}/:id`,
      {
        ...write,
        schema: {
          tags,
          summary: `Change a ${what}`,
          params: idParamsSchema,
          querystring: noQuery,
          body,
          response: { 200: envelope(item) },
        },
      },
      async (request) => ({
        data: await svc.update(
          app.db,
          request.auth,
          request.params.id,
          request.body as z.output<typeof memberCategoryBodySchema>,
        ),
      }),
    );
    app.delete(
      `${path}/:id`,
      {
        ...write,
        schema: {
          tags,
          summary: `Delete a ${what} (its members keep their place without one)`,
          params: idParamsSchema,
          querystring: noQuery,
          response: { 200: deleted },
        },
      },
      async (request) => {
        await svc.remove(app.db, request.auth, request.params.id);
        return { data: { id: request.params.id } };
      },
    );
  };
  categoryRoutes('/membercategories', memberCategoriesService, memberCategoryBodySchema, memberCategorySchema, 'member category');
  categoryRoutes('/playercategories', playerCategoriesService, playerCategoryBodySchema, playerCategorySchema, 'player category');

  // ---- families ---------------------------------------------------------------------------

  app.get(
    '/family',
    {
      ...read,
      schema: {
        tags,
        summary: 'Families with their payer and member count',
        querystring: familiesListQuerySchema,
        response: { 200: listEnvelope(familyListItemSchema) },
      },
    },
    async (request) => listFamiliesPage(app.db, request.auth, request.query),
  );

  app.post(
    '/family',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a family with its members and roles',
        querystring: noQuery,
        body: familyBodySchema,
        response: { 201: envelope(familySchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createFamily(app.db, request.auth, request.body) }),
  );

  app.get(
    '/family/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One family with its tree',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(familySchema) },
      },
    },
    async (request) => ({ data: await getFamily(app.db, request.auth, request.params.id) }),
  );

  app.put(
    '/family/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Replace a family: name, fee rule, discount and the whole tree',
        params: idParamsSchema,
        querystring: noQuery,
        body: familyBodySchema,
        response: { 200: envelope(familySchema) },
      },
    },
    async (request) => ({ data: await updateFamily(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/family/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a family (its members stay)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: deleted },
      },
    },
    async (request) => {
      await deleteFamily(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/family/:id/members',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a member to the family tree with a role, or change their role',
        params: idParamsSchema,
        querystring: noQuery,
        body: familyMemberBodySchema,
        response: { 200: envelope(familySchema) },
      },
    },
    async (request) => ({ data: await addFamilyMember(app.db, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    '/family/:id/members/:memberId',
    {
      ...write,
      schema: {
        tags,
        summary: 'Take a member out of the family tree',
        params: familyMemberParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(familySchema) },
      },
    },
    async (request) => ({ data: await removeFamilyMember(app.db, request.auth, request.params.id, request.params.memberId) }),
  );
};
