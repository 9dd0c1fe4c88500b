import type { FastifyInstance } from 'fastify';
import { type AccountingErrorKind, isAccountingError } from '../../../providers/accounting/errors';
import type {
  AccOrder,
  AccountingProvider,
  AccSupplier,
  AccSupplierInvoice,
  AccVoucher,
} from '../../../providers/accounting/provider';
import { articlesAwaitingWholeRead, mirrorArticles } from '../../articles/articles.mirror';
import { contractsAwaitingWholeRead, mirrorContracts } from '../../contracts/contracts.mirror';
import { customersAwaitingWholeRead, mirrorCustomers } from '../../customers/customers.mirror';
import {
  type DocumentResource,
  documentsAwaitingWholeRead,
  mirrorOrders,
  mirrorSupplierInvoices,
  mirrorVouchers,
} from '../../duplicates/documents.mirror';
import { mirrorSuppliers, suppliersAwaitingWholeRead } from '../../suppliers/suppliers.mirror';
import type { MirrorTarget } from '../mirror/mirror';

/**
 * List items are summaries: Fortnox's leave out a customer's type and active flag, an article's
 * type and stock flags, a contract's date, references and rows (the provider's `summaryOmits`;
 * providers/fortnox/CONTRACT.md rule L1). After the lists, a refresh reads whole (by number) the
 * documents of those kinds the mirror holds only as list items, or whose list item changed since
 * their whole read (the document modules mark them so when they write a list item). Each run reads
 * at most WHOLE_READS_PER_RUN of them, articles first (the article filters and the invoice rows
 * need them), so a large company is covered over a few runs without one run spending minutes of
 * the rate limit (Fortnox: 25 requests per 5 s; every read goes through the provider's client and
 * its rate budget). A run that stops half-way leaves the unread ones marked, so the next run goes
 * on where it stopped. Invoices have their own step (refresh.service.ts readInvoicesWhole): the
 * figures need every one of them.
 */
export const WHOLE_READS_PER_RUN = 100;

/** Numbers looked up at a time. */
const BATCH = 100;

type WholeReadName = 'articles' | 'customers' | 'contracts';
/** A document as the provider's whole read (`get`) answers it. */
type Whole<N extends WholeReadName> = Awaited<ReturnType<AccountingProvider[N]['get']>>;

/** Customers, articles and contracts: the provider's section `name` gives the omissions and the read. */
function wholeReadOf<N extends WholeReadName>(
  name: N,
  awaiting: WholeRead['awaiting'],
  write: (app: FastifyInstance, target: MirrorTarget, doc: Whole<N>) => Promise<unknown>,
): WholeRead {
  return {
    omits: (p) => p[name].summaryOmits,
    awaiting,
    read: (p) => (number) => p[name].get(number),
    write: write as WholeRead['write'],
  };
}

/** In this order: articles first. */
const KINDS: readonly WholeRead[] = [
  wholeReadOf(
    'articles',
    (app, target, limit, after) => articlesAwaitingWholeRead(app.db, target, limit, after),
    (app, target, doc) => mirrorArticles(app.db, target, [doc], null, true),
  ),
  wholeReadOf(
    'customers',
    (app, target, limit, after) => customersAwaitingWholeRead(app.db, target, limit, after),
    (app, target, doc) => mirrorCustomers(app.db, target, [doc], null, true),
  ),
  wholeReadOf(
    'contracts',
    (app, target, limit, after) => contractsAwaitingWholeRead(app.db, target, limit, after),
    (app, target, doc) => mirrorContracts(app.db, target, [doc], null, true),
  ),
];

export interface WholeReadTally {
  fetched: number;
  upserted: number;
}

/**
 * Reads up to `limit` documents whole (see WHOLE_READS_PER_RUN) and writes each into the mirror
 * as a whole document. One the program no longer finds is skipped (a full list read prunes it);
 * other faults end the run as usual (transient ones are retried by the job, which then goes on
 * with what is still unread). `beforeEach` lets the run check it still owns the work, or end its
 * turn (lib/runs/run-engine.ts).
 */
export function readWholeAfterLists(
  app: FastifyInstance,
  provider: AccountingProvider,
  target: MirrorTarget,
  limit: number,
  tally: WholeReadTally,
  beforeEach: () => void | Promise<void> = () => {},
): Promise<void> {
  return readKindsWhole(KINDS, [], app, provider, target, limit, tally, beforeEach);
}

interface WholeRead {
  omits(provider: AccountingProvider): readonly unknown[];
  awaiting(app: FastifyInstance, target: MirrorTarget, limit: number, after: string | null): Promise<string[]>;
  /** Absent where the program reads this kind only by its list. */
  read(provider: AccountingProvider): ((number: string) => Promise<unknown>) | undefined;
  write(app: FastifyInstance, target: MirrorTarget, doc: unknown): Promise<unknown>;
}

const awaitingDocuments =
  (resource: DocumentResource): WholeRead['awaiting'] =>
  (app, target, limit, after) =>
    documentsAwaitingWholeRead(app.db, target, resource, limit, after);

/**
 * Dubbelkoll's suppliers (modules/suppliers/suppliers.mirror.ts) and documents
 * (modules/duplicates/documents.mirror.ts), in this order.
 */
const DOCUMENT_KINDS: readonly WholeRead[] = [
  {
    omits: (p) => p.suppliers?.summaryOmits ?? [],
    awaiting: (app, target, limit, after) => suppliersAwaitingWholeRead(app.db, target, limit, after),
    read: (p) => p.suppliers && ((n) => (p.suppliers as NonNullable<typeof p.suppliers>).get(n)),
    write: (app, target, doc) => mirrorSuppliers(app.db, target, [doc as AccSupplier], true),
  },
  {
    awaiting: awaitingDocuments('supplier_invoice'),
    omits: (p) => p.supplierInvoices?.summaryOmits ?? [],
    read: (p) => p.supplierInvoices && ((n) => (p.supplierInvoices as NonNullable<typeof p.supplierInvoices>).get(n)),
    write: (app, target, doc) => mirrorSupplierInvoices(app.db, target, [doc as AccSupplierInvoice], true),
  },
  {
    awaiting: awaitingDocuments('order'),
    omits: (p) => p.orders.summaryOmits,
    read: (p) => p.orders.get?.bind(p.orders),
    write: (app, target, doc) => mirrorOrders(app.db, target, [doc as AccOrder], true),
  },
  {
    awaiting: awaitingDocuments('voucher'),
    omits: (p) => p.vouchers.summaryOmits,
    read: (p) => p.vouchers.get?.bind(p.vouchers),
    write: (app, target, doc) => mirrorVouchers(app.db, target, [doc as AccVoucher], true),
  },
];

/**
 * Dubbelkoll's suppliers and documents whose program lists leave out fields the engine compares
 * (Fortnox's order list: the customer's order number, the rows) are read whole after the lists, as
 * `readWholeAfterLists` does for customers and articles: at most `limit` a run, the rest the next
 * run. A kind the program cannot read by number keeps what its list gave.
 */
export function readDocumentsWhole(
  app: FastifyInstance,
  provider: AccountingProvider,
  target: MirrorTarget,
  limit: number,
  tally: WholeReadTally,
  beforeEach: () => void | Promise<void> = () => {},
): Promise<void> {
  // The program refuses the kind now (its list was refused too: refresh.service.ts refused).
  return readKindsWhole(DOCUMENT_KINDS, ['licence_missing'], app, provider, target, limit, tally, beforeEach);
}

/**
 * The whole reads of `kinds`, in order, at most `limit` in all. A document the program no longer
 * finds is skipped; a fault of a kind in `skipKindOn` leaves the rest of that kind for later.
 */
async function readKindsWhole(
  kinds: readonly WholeRead[],
  skipKindOn: readonly AccountingErrorKind[],
  app: FastifyInstance,
  provider: AccountingProvider,
  target: MirrorTarget,
  limit: number,
  tally: WholeReadTally,
  beforeEach: () => void | Promise<void>,
): Promise<void> {
  let left = limit;
  for (const k of kinds) {
    const read = k.read(provider);
    if (left <= 0) return;
    if (!read || k.omits(provider).length === 0) continue;
    let after: string | null = null;
    nextKind: while (left > 0) {
      const batch = await k.awaiting(app, target, Math.min(left, BATCH), after);
      if (batch.length === 0) break;
      for (const number of batch) {
        await beforeEach();
        after = number;
        left--;
        tally.fetched++;
        try {
          await k.write(app, target, await read(number));
          tally.upserted++;
        } catch (error) {
          if (isAccountingError(error) && error.kind === 'not_found') continue;
          if (isAccountingError(error) && skipKindOn.includes(error.kind)) break nextKind;
          throw error;
        }
      }
    }
  }
}
