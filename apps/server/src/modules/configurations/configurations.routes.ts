import {
  anyConfigurationEntrySchema,
  anyConfigurationSchema,
  CONFIGURATION_GROUPS,
  CONFIGURATION_SCHEMAS,
  type ConfigurationGroup,
  type ConfigurationValues,
  configurationEntrySchemas,
  configurationsSchema,
  envelope,
  idParamsSchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../plugins/auth';
import {
  accountTenantOf,
  getConfigurationEntry,
  listConfigurations,
  saveConfiguration,
  saveConfigurationById,
} from './configurations.service';

const noQuery = z.object({}).strict();

const SUMMARIES: Record<ConfigurationGroup, string> = {
  invoice:
    'Invoice defaults: payment terms, invoice text, reminders, late interest, send method, auto-pause after the due date, book on create',
  contract: 'Contract defaults: invoicing interval, send method, days before the period the invoice is created',
  member: 'Member defaults: fee rule, family payer and guardian as payers (as GIT names them)',
  article: 'Article defaults: VAT rate, sales account, unit',
  email: 'E-mail: sender name, reply-to address, signature, receipt subject and text',
  api: 'API configuration of the GIT ↔ accounting sync (auto sync needs club_to_sync)',
};

/**
 * Configurations of the club account in use (docs/configurations.md): `configurations` lists every group,
 * `configurations/<group>` (invoice, contract, member, article, email, api) reads or replaces one,
 * and `PUT configurations/{id}` replaces a saved group by its row id. `configurations/sub-contract` is the contract group under the path the
 * contract screens call; it has no settings of its own.
 */
export const configurationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configurations',
    {
      ...scoped(app, 'company.read'),
      schema: {
        tags: ['configurations'],
        summary: 'Every configuration group of the club account in use, defaults filled in',
        querystring: noQuery,
        response: { 200: envelope(configurationsSchema) },
      },
    },
    async (request) => ({ data: await listConfigurations(app.db, accountTenantOf(request.auth)) }),
  );

  const register = <G extends ConfigurationGroup>(group: G, path: string) => {
    const response = { 200: envelope(configurationEntrySchemas[group]) };
    app.get(
      `/configurations/${path}`,
      {
        ...scoped(app, 'company.read'),
        schema: { tags: ['configurations'], summary: SUMMARIES[group], querystring: noQuery, response },
      },
      async (request) => ({ data: await getConfigurationEntry(app.db, accountTenantOf(request.auth), group) }),
    );
    app.put(
      `/configurations/${path}`,
      {
        ...scoped(app, 'settings.manage'),
        schema: {
          tags: ['configurations'],
          summary: `Save: ${SUMMARIES[group]}`,
          querystring: noQuery,
          body: CONFIGURATION_SCHEMAS[group],
          response,
        },
      },
      async (request) => {
        const values = request.body as ConfigurationValues[G];
        return {
          data: await saveConfiguration(
            app.db,
            accountTenantOf(request.auth),
            { userId: request.auth.userId, reach: request.auth },
            group,
            values,
          ),
        };
      },
    );
  };

  for (const group of CONFIGURATION_GROUPS) register(group, group);
  register('contract', 'sub-contract');

  // By the id of the stored row (an entry's `id`): the same save, checked against the row's own group.
  app.put(
    '/configurations/:id',
    {
      ...scoped(app, 'settings.manage'),
      schema: {
        tags: ['configurations'],
        summary: "Save one configuration group by its id (the entry's `id`; a group never saved has none yet)",
        params: idParamsSchema,
        querystring: noQuery,
        body: anyConfigurationSchema,
        response: { 200: envelope(anyConfigurationEntrySchema) },
      },
    },
    async (request) => ({
      data: await saveConfigurationById(
        app.db,
        accountTenantOf(request.auth),
        { userId: request.auth.userId, reach: request.auth },
        request.params.id,
        request.body,
      ),
    }),
  );
};
