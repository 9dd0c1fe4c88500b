import { createMemoryRequestJournal, type RequestJournal } from '../../accounting/request-journal';
import { createVismaClient, fetchAll, type VismaClient, type VismaClientOptions } from '../client';
import type { VismaArticle, VismaCompanySettings, VismaCustomer, VismaInvoice, VismaRefs } from '../mapping';
import * as directory from './directory';
import { cachedOnce, refused } from './shared';

/**
 * What every resource module of the Visma eEkonomi provider shares, made once per provider
 * (../provider.ts): the HTTP client (client.ts: token, retries, the per-endpoint rate budget), our
 * record of asks, the clock, the company's code lists and settings (read once), and the numbers
 * people see resolved to Visma's GUIDs (directory.ts, remembered).
 */

export type VismaContextOptions = VismaClientOptions & {
  /** Our record of asks and answers (the club account's table in the portal), in memory by default. */
  journal?: RequestJournal;
  now?: () => Date;
};

export type CodeList = 'costCenter' | 'project' | 'unit' | 'termsOfPayment';

export interface VismaContext {
  api: VismaClient;
  journal: RequestJournal;
  now: () => Date;
  /** The company's code lists, read once (units, terms, cost centres, projects, account codings). */
  refs(): Promise<VismaRefs>;
  /** `GET /companysettings`, read once. */
  company(): Promise<VismaCompanySettings>;
  /** The GUID of a code people use (or the GUID itself); refused when the company has no such code. */
  codeToId(list: CodeList, code: string | null): Promise<string | null>;
  rememberCustomer(customer: VismaCustomer): VismaCustomer;
  rememberInvoice(invoice: VismaInvoice): VismaInvoice;
  customerByNumber(number: string): Promise<VismaCustomer>;
  customerNumberOf(id: string): Promise<string>;
  articleByNumber(number: string): Promise<VismaArticle | null>;
  invoiceByNumber(number: string): Promise<VismaInvoice>;
  /** The customer invoice of an id, or null when the id is no customer invoice (a voucher's SourceId may be another document). */
  invoiceById(id: string): Promise<VismaInvoice | null>;
  invoiceNumberOf(id: string): Promise<string>;
}

async function loadRefs(api: VismaClient): Promise<VismaRefs> {
  const [units, termsOfPayment, deliveryTerms, costCenters, projects, codings] = await Promise.all([
    fetchAll<VismaRefs['units'][number]>(api, '/units'),
    fetchAll<VismaRefs['termsOfPayment'][number]>(api, '/termsofpayments'),
    fetchAll<VismaRefs['deliveryTerms'][number]>(api, '/deliveryterms'),
    fetchAll<{ Items: VismaRefs['costCenterItems'] }>(api, '/costcenters'),
    fetchAll<VismaRefs['projects'][number]>(api, '/projects'),
    fetchAll<VismaRefs['codings'][number]>(api, '/articleaccountcodings'),
  ]);
  return {
    units,
    termsOfPayment,
    deliveryTerms,
    costCenterItems: costCenters.flatMap((c) => c.Items ?? []),
    projects,
    codings,
  };
}

function codeToId(r: VismaRefs, list: CodeList, code: string): string {
  const id =
    list === 'costCenter'
      ? r.costCenterItems.find((i) => i.ShortName === code || i.Id === code)?.Id
      : list === 'project'
        ? r.projects.find((p) => p.Number === code || p.Id === code)?.Id
        : list === 'unit'
          ? r.units.find((u) => u.Abbreviation === code || u.Id === code)?.Id
          : r.termsOfPayment.find((t) => t.Id === code || t.Name === code)?.Id;
  if (!id) throw refused('validation', 'accounting.visma.unknownCode', { list, code });
  return id;
}

export function createContext(options: VismaContextOptions): VismaContext {
  const api = createVismaClient(options);
  const dir = directory.createDirectory(api);
  const refs = cachedOnce(() => loadRefs(api));
  return {
    api,
    journal: options.journal ?? createMemoryRequestJournal(),
    now: options.now ?? (() => new Date()),
    refs,
    company: cachedOnce(() => api.get<VismaCompanySettings>('/companysettings')),
    codeToId: async (list, code) => (code === null ? null : codeToId(await refs(), list, code)),
    rememberCustomer: (customer) => directory.rememberCustomer(dir, customer),
    rememberInvoice: (invoice) => directory.rememberInvoice(dir, invoice),
    customerByNumber: (number) => directory.customerByNumber(dir, number),
    customerNumberOf: (id) => directory.customerNumberOf(dir, id),
    articleByNumber: (number) => directory.articleByNumber(dir, number),
    invoiceByNumber: (number) => directory.invoiceByNumber(dir, number),
    invoiceById: (id) => directory.invoiceById(dir, id),
    invoiceNumberOf: (id) => directory.invoiceNumberOf(dir, id),
  };
}
