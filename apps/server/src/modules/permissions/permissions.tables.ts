import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { organisationReference } from '../organizations/organizations.tables';

/** A named set of scopes plus rule toggles (docs/permissions.md#roles); system roles are seeded per organisation. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    name: text('name').notNull(),
    system: boolean('system').notNull().default(false),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    onlyTeamDocuments: boolean('only_team_documents').notNull().default(false),
    onlyTeamContracts: boolean('only_team_contracts').notNull().default(false),
    onlyTeamOffers: boolean('only_team_offers').notNull().default(false),
    onlyTeamCustomers: boolean('only_team_customers').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('roles_org_name_uq').on(t.organisationId, t.name),
    index('roles_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
