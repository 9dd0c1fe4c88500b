import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Tenant } from '../organizations/tenant';
import { hiddenResources } from './hidden-resources.tables';

export async function findHiddenResources(conn: Db | Tx, tenant: Tenant, userId: string): Promise<string[]> {
  const [row] = await conn
    .select({ resourceIds: hiddenResources.resourceIds })
    .from(hiddenResources)
    .where(and(eq(hiddenResources.organisationId, tenant.organisationId), eq(hiddenResources.userId, userId)));
  return row?.resourceIds ?? [];
}

export async function saveHiddenResources(
  conn: Db | Tx,
  tenant: Tenant,
  userId: string,
  resourceIds: string[],
): Promise<string[]> {
  const now = new Date();
  const [row] = await conn
    .insert(hiddenResources)
    .values({ organisationId: tenant.organisationId, userId, resourceIds, updatedAt: now })
    .onConflictDoUpdate({
      target: [hiddenResources.organisationId, hiddenResources.userId],
      set: { resourceIds, updatedAt: now },
    })
    .returning({ resourceIds: hiddenResources.resourceIds });
  return row?.resourceIds ?? resourceIds;
}
