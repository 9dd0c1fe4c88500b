import {
  envelope,
  idParamsSchema,
  markAllReadResultSchema,
  notificationSchema,
  notificationsListQuerySchema,
  notificationsListResponseSchema,
  updateNotificationBodySchema,
} from '@fairway/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { authenticated } from '../../plugins/auth';
import { tenantOf } from '../organizations/tenant';
import type { Recipient } from './notifications.repository';
import { changeNotification, getNotification, getNotifications, readAll, removeNotification } from './notifications.service';

const noQuery = z.object({}).strict();
const noBody = z.object({}).strict().optional();

/** Everyone signed in has their own notifications; no scope, but only ever the caller's own. */
const me = (request: FastifyRequest): Recipient => ({ userId: request.auth.userId });

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      ...authenticated(app),
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications in the organisation in use, newest first, with the unread count",
        querystring: notificationsListQuerySchema,
        response: { 200: notificationsListResponseSchema },
      },
    },
    async (request) => getNotifications(app.db, tenantOf(request.auth), me(request), request.query, getLang(request)),
  );

  app.put(
    '/notifications/read-all',
    {
      ...authenticated(app),
      schema: {
        tags: ['notifications'],
        summary: 'Mark every unread, unarchived notification of the signed-in user read',
        querystring: noQuery,
        body: noBody,
        response: { 200: envelope(markAllReadResultSchema) },
      },
    },
    async (request) => ({ data: await readAll(app.db, tenantOf(request.auth), me(request)) }),
  );

  app.get(
    '/notifications/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['notifications'],
        summary: 'One notification of the signed-in user',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ({
      data: await getNotification(app.db, tenantOf(request.auth), me(request), request.params.id, getLang(request)),
    }),
  );

  app.put(
    '/notifications/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification read or unread, archive or unarchive it',
        params: idParamsSchema,
        querystring: noQuery,
        body: updateNotificationBodySchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ({
      data: await changeNotification(
        app.db,
        tenantOf(request.auth),
        me(request),
        request.params.id,
        request.body,
        getLang(request),
      ),
    }),
  );

  app.delete(
    '/notifications/:id',
    {
      ...authenticated(app),
      schema: {
        tags: ['notifications'],
        summary: 'Delete a notification',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => {
      await removeNotification(app.db, tenantOf(request.auth), me(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
