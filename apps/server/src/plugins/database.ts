import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

/**
 * Puts the database on the app. Register it before the jobs plugin: Fastify runs plugins'
 * onClose hooks last-registered first, so the job queue stops before its database closes.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: Database }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.addHook('onClose', async () => {
      await options.database.close();
    });
  },
  { name: 'fairway-database' },
);
