import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AccountingProvider } from '../../providers/accounting/provider';
import type { Tenant } from '../organizations/tenant';
import { accountingFor } from './connection/accounting-for';
import type { MirrorTarget } from './mirror/mirror';
import { queueMirrorRefresh, type RefreshTrigger } from './refresh/queue';

/**
 * What the services of the accounting data (customers, articles, contracts, invoices) use of the
 * app: the database, the log, the club account's accounting program and the mirror's refresh.
 * Routes and jobs build it once with `accountingDeps(app)`.
 */
export interface AccountingDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The club account's accounting program, ready to call (throws AccountingError when not connected). */
  accountingFor(tenant: Tenant, clubAccountId: string): Promise<AccountingProvider>;
  /** Asks for a refresh of the club account's mirror; call after the commit of the write that prompted it. */
  queueMirrorRefresh(target: MirrorTarget, trigger: RefreshTrigger): Promise<string>;
}

const built = new WeakMap<FastifyInstance, AccountingDeps>();

/** The app's `AccountingDeps` (one per app: the programs' rate limiters and token boxes are the app's). */
export function accountingDeps(app: FastifyInstance): AccountingDeps {
  let deps = built.get(app);
  if (!deps) {
    deps = {
      db: app.db,
      log: app.log,
      accountingFor: (tenant, clubAccountId) => accountingFor(app, tenant, clubAccountId),
      queueMirrorRefresh: (target, trigger) => queueMirrorRefresh(app, target, trigger),
    };
    built.set(app, deps);
  }
  return deps;
}
