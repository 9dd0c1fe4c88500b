import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { ORGANISATION_SETTING } from './row-level-security';

/**
 * Which organisation the code running now works for, as the database connection should know it.
 * The pool (client.ts) reads it whenever a connection is checked out and hands it to PostgreSQL,
 * whose row-level security policies (db/row-level-security.ts) then show and accept only that
 * organisation's rows: a query that forgot its tenant filter still cannot reach another
 * organisation. Outside any context the code is system work (sign-in, registration, public pages,
 * seeding, jobs that span organisations) and the policies let every row through.
 */
export interface DatabaseContext {
  /** The organisation, or null for system work. */
  readonly organisationId: string | null;
  /**
   * Runs as the connection's own (owning) role instead of the application role: only for schema
   * changes (migrations, pg-boss creating its queue tables), never for reading or writing data.
   */
  readonly owner?: boolean;
}

const store = new AsyncLocalStorage<DatabaseContext>();

/**
 * Runs `work` in `context`. A Drizzle query is a thenable that runs only when awaited: one
 * returned unawaited is started here, inside the context, rather than by a caller outside it.
 */
function runIn<T>(context: DatabaseContext, work: () => T): T {
  return store.run(context, () => {
    const result = work();
    const thenable = typeof (result as { then?: unknown } | null)?.then === 'function' && !(result instanceof Promise);
    return (thenable ? Promise.resolve(result) : result) as T;
  });
}

/** Runs `work`, and everything it starts, for one organisation. */
export function withTenant<T>(organisationId: string, work: () => T): T {
  return runIn({ organisationId }, work);
}

/**
 * Runs `work` as system work, outside the current organisation. For the few things a signed-in
 * user does across organisations (listing the organisations they belong to, founding a new one),
 * so every such place can be found by this name.
 */
export function asSystem<T>(work: () => T): T {
  return runIn({ organisationId: null }, work);
}

/** Runs `work` as the role that owns the schema; for DDL only (see `DatabaseContext.owner`). */
export function asSchemaOwner<T>(work: () => T): T {
  return runIn({ organisationId: null, owner: true }, work);
}

/** The context of the code running now; system work when none was entered. */
export function currentDatabaseContext(): DatabaseContext {
  return store.getStore() ?? SYSTEM;
}

const SYSTEM: DatabaseContext = { organisationId: null };

/** The part of a transaction handle this module needs (a Drizzle `Tx`). */
interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * `asSystem` for a step inside a transaction that already runs for an organisation, where the
 * step must see past it and still commit or roll back with the rest (removing a member looks at
 * the person's other organisations). The transaction-local setting ends with the transaction
 * at the latest; it is restored when the step ends.
 */
export async function asSystemIn<T>(tx: Executor, step: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config(${ORGANISATION_SETTING}, '', true)`);
  let failed = false;
  try {
    return await step();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    const restore = tx.execute(
      sql`select set_config(${ORGANISATION_SETTING}, ${currentDatabaseContext().organisationId ?? ''}, true)`,
    );
    // After a failed step the transaction is usually aborted and cannot restore anything; it
    // rolls back as a whole, setting included.
    if (failed) await Promise.resolve(restore).catch(() => undefined);
    else await restore;
  }
}
