import {
  currentUserSchema,
  encodeMessage,
  envelope,
  idParamsSchema,
  inviteUserBodySchema,
  listEnvelope,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  updateUserBodySchema,
  userSchema,
  userSeatsSchema,
  usersListQuerySchema,
} from '@fairway/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { signAccessToken } from '../../lib/tokens';
import { authenticated, scoped } from '../../plugins/auth';
import { tenantOf } from '../organizations/tenant';
import { getCurrentUser } from './current-user';
import { inviteUser } from './users.invite';
import { findImage, setImage } from './users.repository';
import { getUser, listUsers, removeUser, sniffImageType, updateUser, userSeats } from './users.service';

const noQuery = z.object({}).strict();
const imageQuery = z.object({ v: z.string().trim().max(20).optional() }).strict();

/** After switching to another organisation, the access token in hand still names the old one. */
const switchedSessionSchema = z.object({ accessToken: z.string(), expiresIn: z.number().int() });
const updateUserResponseSchema = z.object({ data: userSchema, session: switchedSessionSchema.optional() });

const IMAGE_FIELD = 'image';

/**
 * Reads the one `image` file of a multipart body. Anything else is reported per field, the way
 * JSON bodies are, and the whole upload is refused before anything is stored.
 */
async function readProfileImage(request: FastifyRequest): Promise<{ mime: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new ValidationError({ [IMAGE_FIELD]: [encodeMessage('required')] });
  const errors: Record<string, string[]> = {};
  const fail = (field: string, key: Parameters<typeof encodeMessage>[0]) => {
    errors[field] = [...(errors[field] ?? []), encodeMessage(key)];
  };
  let image: { mime: string; bytes: Buffer } | undefined;

  // Oversize is detected from the truncated stream rather than thrown, so the other parts are
  // still read and reported in the same answer.
  const limits = { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 5, fields: 10, parts: 15 };
  await readMultipart(request, limits, async (parts) => {
    for await (const part of parts) {
      if (part.type === 'field') {
        fail(part.fieldname, part.fieldname === IMAGE_FIELD ? 'invalid_type' : 'unknown_field');
        continue;
      }
      if (part.fieldname !== IMAGE_FIELD || image || errors[IMAGE_FIELD]) {
        part.file.resume();
        fail(part.fieldname, part.fieldname === IMAGE_FIELD ? 'invalid' : 'unknown_field');
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) {
        fail(IMAGE_FIELD, 'image_size');
        continue;
      }
      const sniffed = sniffImageType(bytes);
      if (bytes.length === 0) fail(IMAGE_FIELD, 'required');
      else if (!sniffed || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(part.mimetype)) fail(IMAGE_FIELD, 'image_type');
      else image = { mime: sniffed, bytes };
    }
  });
  if (!image && !errors[IMAGE_FIELD]) fail(IMAGE_FIELD, 'required');
  if (Object.keys(errors).length > 0 || !image) throw new ValidationError(errors);
  return image;
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      ...scoped(app, 'users.read'),
      schema: {
        tags: ['users'],
        summary: "The organisation's users: search, role filter, sorting, pages",
        querystring: usersListQuerySchema,
        response: { 200: listEnvelope(userSchema) },
      },
    },
    async (request) => listUsers(app.db, tenantOf(request.auth), request.query),
  );

  app.get(
    '/users/me',
    {
      ...authenticated(app),
      schema: {
        tags: ['users'],
        summary: 'The signed-in user in the organisation and club account in use',
        querystring: noQuery,
        response: { 200: envelope(currentUserSchema) },
      },
    },
    async (request) => ({
      data: await getCurrentUser(app.db, request.auth.userId, request.auth.organisationId, request.auth),
    }),
  );

  app.put(
    '/users/image',
    {
      ...authenticated(app),
      schema: {
        tags: ['users'],
        summary: "Upload the signed-in user's profile image (multipart field `image`: PNG, JPEG or WebP, at most 2 MB)",
        consumes: ['multipart/form-data'],
        querystring: noQuery,
        response: { 200: envelope(currentUserSchema) },
      },
    },
    async (request) => {
      const image = await readProfileImage(request);
      await setImage(app.db, tenantOf(request.auth), request.auth.userId, image);
      return { data: await getCurrentUser(app.db, request.auth.userId, request.auth.organisationId) };
    },
  );

  app.get(
    '/users/seats',
    {
      ...scoped(app, 'users.manage'),
      schema: {
        tags: ['users'],
        summary: "The package's user limit and how many users (active and invited) take a seat",
        querystring: noQuery,
        response: { 200: envelope(userSeatsSchema) },
      },
    },
    async (request) => ({ data: await userSeats(app.db, tenantOf(request.auth)) }),
  );

  app.post(
    '/users/invite',
    {
      ...scoped(app, 'users.manage'),
      schema: {
        tags: ['users'],
        summary: 'Invite a user by e-mail with a role and club accounts',
        querystring: noQuery,
        body: inviteUserBodySchema,
        response: { 201: envelope(userSchema) },
      },
    },
    async (request, reply) => {
      const user = await inviteUser(app, request.auth, request.body, request);
      return reply.code(201).send({ data: user });
    },
  );

  app.get(
    '/users/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['users'],
        summary: 'One user of the organisation (yourself, or anyone with users.read)',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ({ data: await getUser(app.db, request.auth, request.params.id) }),
  );

  app.get(
    '/users/:id/image',
    {
      ...authenticated(app),
      schema: {
        tags: ['users'],
        summary: "A user's profile image (same organisation only)",
        params: idParamsSchema,
        querystring: imageQuery,
      },
    },
    async (request, reply) => {
      const image = await findImage(app.db, tenantOf(request.auth), request.params.id);
      if (!image) throw new NotFoundError('users.imageNotFound');
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(Buffer.from(image.base64, 'base64'));
    },
  );

  app.put(
    '/users/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['users'],
        summary:
          'Change a user. Yourself: name, display name, phone, club account in use. With users.manage: anyone, role, club accounts, golf club admin.',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateUserBodySchema,
        response: { 200: updateUserResponseSchema },
      },
    },
    async (request) => {
      const result = await updateUser(app.db, request.auth, request.params.id, request.body);
      if (!result.organisationId) return { data: result.user };
      const access = await signAccessToken(app.config.JWT_SECRET, {
        userId: request.auth.userId,
        organisationId: result.organisationId,
        familyId: request.auth.familyId,
      });
      return { data: result.user, session: { accessToken: access.token, expiresIn: access.expiresIn } };
    },
  );

  app.delete(
    '/users/:id',
    {
      ...scoped(app, 'users.manage'),
      schema: {
        tags: ['users'],
        summary: 'Remove a user from the organisation',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => {
      await removeUser(app.db, request.auth, request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
