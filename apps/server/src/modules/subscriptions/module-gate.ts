import type { Scope } from '@fairway/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant-context';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { subscriptionsMessages } from '../../lib/messages/subscriptions';
import { findPackage } from '../landing/landing.repository';
import type { Tenant } from '../organizations/tenant';
import { PRODUCT_MODULES } from './subscriptions.reference';
import * as repo from './subscriptions.repository';

type Conn = Db | Tx;

export type ProductModuleId = (typeof PRODUCT_MODULES)[number]['id'];

/** The module a Dubbelkoll tier is: a tier subscription always has it (docs/subscriptions.md#tiers). */
export const DUPLICATES_MODULE: ProductModuleId = 'duplicates';

/**
 * The modules the organisation may use (docs/subscriptions.md#packages): those listed from its
 * package or a smaller one; a Dubbelkoll subscription (a tier) adds duplicate detection whatever
 * the package under it.
 */
export async function organisationModuleIds(conn: Conn, tenant: Tenant): Promise<Set<ProductModuleId>> {
  const [pkg, sub] = await Promise.all([repo.findOrganisationPackage(conn, tenant), repo.findSubscription(conn, tenant)]);
  if (!pkg) throw new NotFoundError();
  const ids = new Set<ProductModuleId>();
  for (const row of await repo.listModules(conn)) {
    if (row.packageOrder <= pkg.sortOrder) ids.add(row.id as ProductModuleId);
  }
  if (sub?.duplicateTierId) ids.add(DUPLICATES_MODULE);
  return ids;
}

export async function hasModule(conn: Conn, tenant: Tenant, moduleId: ProductModuleId): Promise<boolean> {
  return (await organisationModuleIds(conn, tenant)).has(moduleId);
}

/**
 * Whether the organisation has duplicate detection: a Dubbelkoll tier, or a golf package that
 * includes the module. The one check behind `duplicatesScoped` (the API) and the accounting
 * refresh's reading of purchasing documents and its scan (docs/duplicates.md#mirror), whatever
 * the brand of the server.
 */
export function hasDuplicatesModule(conn: Conn, tenant: Tenant): Promise<boolean> {
  return hasModule(conn, tenant, DUPLICATES_MODULE);
}

/**
 * Refuses (403, naming the module, the package and the smallest package that has it) when the
 * organisation may not use `moduleId`.
 */
export async function assertModule(conn: Conn, tenant: Tenant, moduleId: ProductModuleId): Promise<void> {
  if (await hasModule(conn, tenant, moduleId)) return;
  const module = PRODUCT_MODULES.find((m) => m.id === moduleId);
  const [pkg, required] = await Promise.all([
    repo.findOrganisationPackage(conn, tenant),
    module ? findPackage(conn, module.includedFromPackageId) : Promise.resolve(null),
  ]);
  throw new ForbiddenError('subscriptions.moduleNotIncluded', {
    module: subscriptionsMessages[`subscriptions.module.${moduleId}`],
    package: pkg?.name ?? '–',
    required: required?.name ?? '–',
  });
}

/**
 * A route hook refusing organisations without `moduleId`; put it after `app.authenticate` (and
 * the scope guard, so a caller without the scope hears about the scope first).
 */
export function requireModule(app: FastifyInstance, moduleId: ProductModuleId) {
  return async function requireModule(request: FastifyRequest) {
    const tenant: Tenant = { organisationId: request.auth.organisationId };
    await withTenant(tenant.organisationId, () => assertModule(app.db, tenant, moduleId));
  };
}

/**
 * Route options of Dubbelkoll's calls: signed in, `scope`, and the organisation has duplicate
 * detection (a Dubbelkoll tier, or a golf package from Plus). Use like `scoped()`:
 * `app.get('/duplicates', { ...duplicatesScoped(app, 'duplicates.read'), schema }, handler)`.
 */
export function duplicatesScoped(app: FastifyInstance, scope: Scope) {
  return {
    onRequest: [app.authenticate, app.requireScope(scope), requireModule(app, DUPLICATES_MODULE)],
    config: { scope },
  };
}
