import { AccountingError } from '../../accounting/errors';
import { fetchAll, type VismaClient, type VismaPage } from '../client';
import type { VismaArticle, VismaCustomer, VismaInvoice } from '../mapping';
import { quote, refused } from './shared';

/**
 * The numbers people see (CustomerNumber, article Number, InvoiceNumber) resolved to Visma's
 * GUIDs with one `$filter` lookup each, and remembered both ways for the provider's lifetime.
 */
export interface Directory {
  api: VismaClient;
  customerIds: Map<string, string>;
  customerNumbers: Map<string, string>;
  invoiceIds: Map<string, string>;
  invoiceNumbers: Map<string, string>;
}

export const createDirectory = (api: VismaClient): Directory => ({
  api,
  customerIds: new Map(),
  customerNumbers: new Map(),
  invoiceIds: new Map(),
  invoiceNumbers: new Map(),
});

const invoiceMissing = () => new AccountingError('not_found', 'accounting.invoiceMissing', {}, { provider: 'visma_eekonomi' });

export function rememberCustomer(dir: Directory, c: VismaCustomer): VismaCustomer {
  dir.customerIds.set(c.CustomerNumber, c.Id);
  dir.customerNumbers.set(c.Id, c.CustomerNumber);
  return c;
}

export function rememberInvoice(dir: Directory, i: VismaInvoice): VismaInvoice {
  dir.invoiceIds.set(String(i.InvoiceNumber), i.Id);
  dir.invoiceNumbers.set(i.Id, String(i.InvoiceNumber));
  return i;
}

const getCustomer = async (dir: Directory, id: string) =>
  rememberCustomer(dir, await dir.api.get<VismaCustomer>(`/customers/${id}`, { notFoundKey: 'accounting.customerMissing' }));

const getInvoice = async (dir: Directory, id: string) =>
  rememberInvoice(dir, await dir.api.get<VismaInvoice>(`/customerinvoices/${id}`, { notFoundKey: 'accounting.invoiceMissing' }));

export async function customerByNumber(dir: Directory, number: string): Promise<VismaCustomer> {
  const id = dir.customerIds.get(number);
  if (id) return getCustomer(dir, id);
  // The API compares text without regard to case; the number must be the same, exactly.
  const found = (
    await fetchAll<VismaCustomer>(dir.api, '/customers', { $filter: `CustomerNumber eq ${quote(number)}` }, 50)
  ).find((c) => c.CustomerNumber === number);
  if (!found) throw refused('validation', 'accounting.customerMissing');
  return rememberCustomer(dir, found);
}

export async function customerNumberOf(dir: Directory, id: string): Promise<string> {
  return dir.customerNumbers.get(id) || (await getCustomer(dir, id)).CustomerNumber;
}

export async function articleByNumber(dir: Directory, number: string): Promise<VismaArticle | null> {
  return (
    (await fetchAll<VismaArticle>(dir.api, '/articles', { $filter: `Number eq ${quote(number)}` }, 50)).find(
      (a) => a.Number === number,
    ) ?? null
  );
}

export async function invoiceByNumber(dir: Directory, number: string): Promise<VismaInvoice> {
  if (!/^\d+$/.test(number)) throw invoiceMissing();
  const id = dir.invoiceIds.get(number);
  if (id) return getInvoice(dir, id);
  const found = (
    await dir.api.get<VismaPage<VismaInvoice>>('/customerinvoices', {
      query: { $filter: `InvoiceNumber eq ${Number(number)}`, $pagesize: 1 },
    })
  ).Data[0];
  if (!found) throw invoiceMissing();
  return rememberInvoice(dir, found);
}

/** The customer invoice of an id, or null when the id is no customer invoice (a voucher's SourceId may be another document). */
export async function invoiceById(dir: Directory, id: string): Promise<VismaInvoice | null> {
  try {
    return await getInvoice(dir, id);
  } catch (error) {
    if (error instanceof AccountingError && error.kind === 'not_found') return null;
    throw error;
  }
}

export async function invoiceNumberOf(dir: Directory, id: string): Promise<string> {
  return dir.invoiceNumbers.get(id) || String((await getInvoice(dir, id)).InvoiceNumber);
}
