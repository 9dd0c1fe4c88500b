import { fromStockholmTime } from '../../../lib/stockholm-time';
import { ilike, SEARCH_PARAMETERS } from './contract';
import type { Answer, SimContext } from './http';
import { invalidParameter } from './sim-error';
import type { DocKind, SimTenant } from './store';

/** The lists: paging, `lastmodified`, search (CONTRACT.md rules S1–S4) and the list items. */

export const WRAPPERS: Record<string, [plural: string, singular: string]> = {
  customers: ['Customers', 'Customer'],
  articles: ['Articles', 'Article'],
  invoices: ['Invoices', 'Invoice'],
  invoicepayments: ['InvoicePayments', 'InvoicePayment'],
  contracts: ['Contracts', 'Contract'],
  vouchers: ['Vouchers', 'Voucher'],
  orders: ['Orders', 'Order'],
  suppliers: ['Suppliers', 'Supplier'],
  supplierinvoices: ['SupplierInvoices', 'SupplierInvoice'],
  units: ['Units', 'Unit'],
  pricelists: ['PriceLists', 'PriceList'],
  prices: ['Prices', 'Price'],
  costcenters: ['CostCenters', 'CostCenter'],
  projects: ['Projects', 'Project'],
  termsofpayments: ['TermsOfPayments', 'TermsOfPayment'],
  termsofdeliveries: ['TermsOfDeliveries', 'TermsOfDelivery'],
  financialyears: ['FinancialYears', 'FinancialYear'],
};

export const KEY_FIELD: Record<DocKind, string> = {
  customers: 'CustomerNumber',
  articles: 'ArticleNumber',
  invoices: 'DocumentNumber',
  invoicepayments: 'Number',
  contracts: 'DocumentNumber',
  vouchers: 'VoucherNumber',
  orders: 'DocumentNumber',
  suppliers: 'SupplierNumber',
  supplierinvoices: 'GivenNumber',
};

export function list(ctx: SimContext, t: SimTenant, kind: string, params: URLSearchParams): Answer {
  const limitText = params.get('limit');
  const pageText = params.get('page');
  const limit = limitText === null ? 100 : Number(limitText);
  const page = pageText === null ? 1 : Number(pageText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500 || !Number.isInteger(page) || page < 1) throw invalidParameter();
  const [plural] = WRAPPERS[kind];
  let items: unknown[];
  if (kind in KEY_FIELD) {
    const docKind = kind as DocKind;
    let stored = ctx.store.documents(t, docKind);
    if (docKind === 'vouchers') {
      // CONTRACT.md rule Y2: the vouchers of one financial year, today's unless the request names one.
      const year = ctx.store.voucherYear(t, params);
      stored = stored.filter((s) => (s.doc as { Year?: number }).Year === year.Id);
    }
    const lastModified = params.get('lastmodified');
    if (lastModified !== null) {
      const since = fromStockholmTime(lastModified);
      if (!since) throw invalidParameter();
      stored = stored.filter((s) => s.modifiedAt >= since.getTime());
    }
    let docs = stored.map((s) => s.doc as Record<string, unknown>);
    docs = filterDocs(ctx, docKind, docs, params);
    docs = sortDocs(ctx, docKind, docs, params);
    items = docs.map((doc) => ctx.store.listItem(docKind, doc));
  } else {
    items = codeList(ctx, t, kind, params);
  }
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    status: 200,
    body: {
      MetaInformation: { '@TotalResources': total, '@TotalPages': totalPages, '@CurrentPage': page },
      [plural]: items.slice((page - 1) * limit, page * limit),
    },
  };
}

export function codeList(ctx: SimContext, t: SimTenant, kind: string, params: URLSearchParams): unknown[] {
  switch (kind) {
    case 'units':
      return t.units;
    case 'pricelists':
      return t.priceLists;
    case 'costcenters':
      return t.costCenters;
    case 'projects':
      return t.projects;
    case 'termsofpayments':
      return t.termsOfPayments;
    case 'termsofdeliveries':
      return t.termsOfDeliveries;
    case 'financialyears':
      return financialYearList(ctx, t, params);
    default:
      throw invalidParameter();
  }
}

/**
 * CONTRACT.md rule Y1: `GET /3/financialyears`, newest first as Fortnox's example answers them, each
 * as its list item (`accountCharts`, not the whole year's `AccountChartType`); `date` keeps the year
 * of that date, an empty list where there is none.
 */
function financialYearList(_ctx: SimContext, t: SimTenant, params: URLSearchParams): unknown[] {
  const date = params.get('date');
  if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw invalidParameter();
  return [...t.financialYears]
    .filter((y) => date === null || (y.FromDate <= date && date <= y.ToDate))
    .sort((a, b) => b.Id - a.Id)
    .map(({ AccountChartType, ...year }) => ({ ...year, accountCharts: AccountChartType ?? '' }));
}

export function filterDocs(
  ctx: SimContext,
  kind: DocKind,
  docs: Record<string, unknown>[],
  params: URLSearchParams,
): Record<string, unknown>[] {
  const today = ctx.store.today();
  // CONTRACT.md rules S1–S3: only the list's own search parameters filter, each as ILIKE
  // '%value%'; any other parameter is ignored and the list answers as if it were not sent.
  for (const [param, field] of Object.entries(SEARCH_PARAMETERS[kind] ?? {})) {
    const value = params.get(param);
    if (value !== null && value !== '') docs = docs.filter((d) => ilike(d[field], value));
  }
  const filter = params.get('filter');
  switch (kind) {
    case 'invoices': {
      // CONTRACT.md rule S4: fromdate/todate select on the document date (invoices, orders, vouchers).
      const from = params.get('fromdate');
      const to = params.get('todate');
      if (from) docs = docs.filter((d) => String(d.InvoiceDate) >= from);
      if (to) docs = docs.filter((d) => String(d.InvoiceDate) <= to);
      const predicates: Record<string, (d: Record<string, unknown>) => boolean> = {
        cancelled: (d) => d.Cancelled === true,
        fullypaid: (d) => !d.Cancelled && d.Booked === true && Number(d.Balance) === 0 && d.Credit !== 'true',
        unpaid: (d) => !d.Cancelled && Number(d.Balance) !== 0,
        unpaidoverdue: (d) => !d.Cancelled && Number(d.Balance) > 0 && String(d.DueDate) < today,
        unbooked: (d) => !d.Cancelled && d.Booked !== true,
      };
      if (filter !== null) {
        const predicate = predicates[filter];
        if (!predicate) throw invalidParameter();
        docs = docs.filter(predicate);
      }
      break;
    }
    case 'contracts': {
      const statuses: Record<string, string[]> = {
        active: ['ONGOING', 'UPCOMING'],
        inactive: ['INACTIVE'],
        finished: ['FINISHED'],
      };
      if (filter !== null) {
        const wanted = statuses[filter];
        if (!wanted) throw invalidParameter();
        docs = docs.filter((d) => wanted.includes(String(d.Status)));
      }
      break;
    }
    case 'orders':
    case 'vouchers': {
      // Rule S4: fromdate/todate on the document date.
      const dateField = kind === 'orders' ? 'OrderDate' : 'TransactionDate';
      const from = params.get('fromdate');
      const to = params.get('todate');
      if (from) docs = docs.filter((d) => String(d[dateField]) >= from);
      if (to) docs = docs.filter((d) => String(d[dateField]) <= to);
      if (kind === 'vouchers') break;
      if (filter === 'cancelled') docs = docs.filter((d) => d.Cancelled === true);
      else if (filter === 'invoicecreated') docs = docs.filter((d) => !!d.InvoiceReference && d.InvoiceReference !== '0');
      else if (filter === 'invoicenotcreated')
        docs = docs.filter((d) => !d.Cancelled && (!d.InvoiceReference || d.InvoiceReference === '0'));
      else if (filter !== null) throw invalidParameter();
      break;
    }
    case 'supplierinvoices': {
      const predicates: Record<string, (d: Record<string, unknown>) => boolean> = {
        cancelled: (d) => d.Cancelled === true,
        fullypaid: (d) => !d.Cancelled && d.Booked === true && Number(d.Balance) === 0,
        unpaid: (d) => !d.Cancelled && Number(d.Balance) !== 0,
        unbooked: (d) => !d.Cancelled && d.Booked !== true,
      };
      if (filter !== null) {
        const predicate = predicates[filter];
        if (!predicate) throw invalidParameter();
        docs = docs.filter(predicate);
      }
      break;
    }
    default:
      break;
  }
  return docs;
}

export function sortDocs(
  _ctx: SimContext,
  kind: DocKind,
  docs: Record<string, unknown>[],
  params: URLSearchParams,
): Record<string, unknown>[] {
  const sortBy = params.get('sortby');
  const order = params.get('sortorder') ?? 'ascending';
  if (order !== 'ascending' && order !== 'descending') throw invalidParameter();
  let field = KEY_FIELD[kind];
  if (sortBy !== null) {
    const match = docs[0] ? Object.keys(docs[0]).find((k) => k.toLowerCase() === sortBy.toLowerCase()) : sortBy;
    if (!match) throw invalidParameter();
    field = match;
  }
  const compare = (a: unknown, b: unknown) => {
    const na = Number(a);
    const nb = Number(b);
    if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
    return String(a).localeCompare(String(b), 'sv');
  };
  const sorted = [...docs].sort(
    (a, b) =>
      compare(a[field], b[field]) || (kind === 'vouchers' ? String(a.VoucherSeries).localeCompare(String(b.VoucherSeries)) : 0),
  );
  return order === 'descending' ? sorted.reverse() : sorted;
}
