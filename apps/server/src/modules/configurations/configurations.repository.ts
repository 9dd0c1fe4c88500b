import type { ConfigurationGroup } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Tenant } from '../organizations/tenant';
import { configurations } from './configurations.tables';

/** A club account of the tenant: configurations are kept per club account. */
export interface AccountTenant extends Tenant {
  readonly clubAccountId: string;
}

export interface StoredConfiguration {
  id: string;
  group: string;
  values: Record<string, unknown>;
  updatedAt: Date;
}

const columns = {
  id: configurations.id,
  group: configurations.group,
  values: configurations.values,
  updatedAt: configurations.updatedAt,
};

const ofAccount = (tenant: AccountTenant) =>
  and(eq(configurations.organisationId, tenant.organisationId), eq(configurations.clubAccountId, tenant.clubAccountId));

export function listStored(conn: Db | Tx, tenant: AccountTenant): Promise<StoredConfiguration[]> {
  return conn.select(columns).from(configurations).where(ofAccount(tenant));
}

export async function findStored(
  conn: Db | Tx,
  tenant: AccountTenant,
  group: ConfigurationGroup,
): Promise<StoredConfiguration | undefined> {
  const [row] = await conn
    .select(columns)
    .from(configurations)
    .where(and(ofAccount(tenant), eq(configurations.group, group)));
  return row;
}

/** A stored group by its row id, only within the club account in use (another's id is not found). */
export async function findStoredById(conn: Db | Tx, tenant: AccountTenant, id: string): Promise<StoredConfiguration | undefined> {
  const [row] = await conn
    .select(columns)
    .from(configurations)
    .where(and(ofAccount(tenant), eq(configurations.id, id)));
  return row;
}

export async function saveStored(
  conn: Db | Tx,
  tenant: AccountTenant,
  group: ConfigurationGroup,
  values: Record<string, unknown>,
  userId: string,
): Promise<StoredConfiguration> {
  const now = new Date();
  const [row] = await conn
    .insert(configurations)
    .values({ ...tenant, group, values, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [configurations.clubAccountId, configurations.group],
      set: { values, updatedBy: userId, updatedAt: now },
    })
    .returning(columns);
  if (!row) throw new Error('configurations upsert returned no row');
  return row;
}
