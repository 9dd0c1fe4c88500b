import { addDays, addMonths, stockholmDate } from '../../../lib/stockholm-time';
import { FORTNOX_ERROR } from '../error-codes';
import type {
  FxArticle,
  FxCompanyInformation,
  FxContract,
  FxCostCenter,
  FxCustomer,
  FxFinancialYear,
  FxInvoice,
  FxInvoicePayment,
  FxOrder,
  FxPrice,
  FxPriceList,
  FxProject,
  FxRow,
  FxSupplier,
  FxSupplierInvoice,
  FxSupplierInvoiceRow,
  FxTermsOfDelivery,
  FxTermsOfPayment,
  FxUnit,
  FxVoucher,
  FxVoucherRow,
} from '../fortnox-types';
import { computeTotals, hundredthsToQuantity, kronorToOre, oreToKronor, quantityToHundredths } from '../money';
import { ocrReference } from '../ocr';
import { listItemOf } from './contract';
import { badRequest, notFound, SimError } from './sim-error';

/** The document registers the simulator keeps per tenant (Fortnox company). */
export type DocKind =
  | 'customers'
  | 'articles'
  | 'invoices'
  | 'invoicepayments'
  | 'contracts'
  | 'vouchers'
  | 'orders'
  | 'suppliers'
  | 'supplierinvoices';

export interface Stored<T> {
  doc: T;
  /** When the document last changed (ms since epoch), for `lastmodified`. */
  modifiedAt: number;
}

interface ContractState {
  finished: boolean;
}

export interface SimTenant {
  /** Fortnox's TenantId, equal to the company's DatabaseNumber. */
  tenantId: string;
  company: FxCompanyInformation;
  /** Without the API licence every call answers 2001103. */
  apiLicence: boolean;
  /** OCR with bankgiro's length digit (a company setting in Fortnox). */
  ocrLengthDigit: boolean;
  /** Round invoice totals to whole kronor (öresavrundning, Fortnox's default for SEK). */
  roundOff: boolean;
  /** Chart of accounts (BAS): account numbers that exist. */
  accounts: Set<number>;
  customers: Map<string, Stored<FxCustomer>>;
  articles: Map<string, Stored<FxArticle>>;
  invoices: Map<string, Stored<FxInvoice>>;
  invoicepayments: Map<string, Stored<FxInvoicePayment>>;
  contracts: Map<string, Stored<FxContract> & ContractState>;
  /** Keyed `<financial year Id>/<series>/<number>` (voucherKey): numbers run per series per financial year. */
  vouchers: Map<string, Stored<FxVoucher>>;
  /** The company's financial years (CONTRACT.md rule Y1), Ids from 1 in the order made; they never overlap. */
  financialYears: FxFinancialYear[];
  orders: Map<string, Stored<FxOrder>>;
  suppliers: Map<string, Stored<FxSupplier>>;
  supplierinvoices: Map<string, Stored<FxSupplierInvoice>>;
  /** Voucher series that exist (Fortnox's defaults: A manual, B customer invoices, C payments, D supplier invoices…). */
  voucherSeries?: string[];
  units: FxUnit[];
  priceLists: FxPriceList[];
  /** `/3/prices`: an article's price per price list and quantity; the preselected list's from 0 is the article's SalesPrice. */
  prices: FxPrice[];
  costCenters: FxCostCenter[];
  projects: FxProject[];
  termsOfPayments: FxTermsOfPayment[];
  termsOfDeliveries: FxTermsOfDelivery[];
  /** The next numbers; a voucher's is the series' highest in its financial year plus one (nextVoucherNumber). */
  next: {
    customer: number;
    invoice: number;
    payment: number;
    contract: number;
    order: number;
    supplier?: number;
    supplierInvoice?: number;
  };
}

export interface TenantInput {
  tenantId: string;
  companyName: string;
  organisationNumber: string;
  address?: string;
  zipCode?: string;
  city?: string;
  ocrLengthDigit?: boolean;
  roundOff?: boolean;
}

/** Swedish BAS accounts a golf club's chart normally holds. */
const DEFAULT_ACCOUNTS = [
  1510, 1930, 2440, 2610, 2611, 2620, 2621, 2630, 2631, 2650, 3001, 3002, 3003, 3004, 3041, 3051, 3105, 3106, 3740, 3890, 3990,
  4010, 6570, 8310, 2641, 5010, 5020, 5060, 5410, 5460, 5611, 6110, 6212, 6540,
];

/** Default sales account per VAT rate (Fortnox's "förvalda konton"). */
export const SALES_ACCOUNT_BY_VAT: Record<number, number> = { 25: 3001, 12: 3002, 6: 3003, 0: 3004 };
const VAT_ACCOUNT_BY_RATE: Record<number, number> = { 25: 2611, 12: 2621, 6: 2631 };
const VAT_RATES = new Set([25, 12, 6, 0]);
/** The voucher series a new company has in Fortnox (A manual, B customer invoices, C payments, D supplier invoices, E supplier payments). */
export const VOUCHER_SERIES = ['A', 'B', 'C', 'D', 'E'] as const;
export type VoucherSeries = (typeof VOUCHER_SERIES)[number];

type Body = Record<string, unknown>;

/** Fortnox clears a field sent as `API_BLANK`. */
const text = (value: unknown, fallback = ''): string =>
  value === undefined || value === null
    ? fallback
    : value === 'API_BLANK'
      ? ''
      : typeof value === 'string'
        ? value
        : String(value);
const bool = (value: unknown, fallback: boolean): boolean =>
  value === undefined || value === null ? fallback : value === true || value === 'true';
const num = (value: unknown, fallback: number | null = null): number | null => {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === 'API_BLANK') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (!Number.isFinite(n)) throw badRequest(FORTNOX_ERROR.notNumeric, `Värdet måste vara numeriskt (${text(value)})`);
  return n;
};
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** A stored document, or Fortnox's 404 for its kind. */
function found<T>(stored: Stored<T> | undefined, code: number, message: string): T {
  if (!stored) throw notFound(code, message);
  return stored.doc;
}

function requireDate(value: unknown, field: string, fallback?: string): string {
  const v = text(value, fallback ?? '');
  if (!isDate(v)) throw badRequest(FORTNOX_ERROR.invalidDate, `Ogiltigt datum (${field}: ${v})`);
  return v;
}

export class FortnoxSimStore {
  readonly tenants = new Map<string, SimTenant>();

  constructor(readonly clock: () => Date = () => new Date()) {}

  today(): string {
    return stockholmDate(this.clock());
  }

  addTenant(input: TenantInput): SimTenant {
    const tenant: SimTenant = {
      tenantId: input.tenantId,
      company: {
        CompanyName: input.companyName,
        OrganizationNumber: input.organisationNumber,
        Address: input.address ?? '',
        ZipCode: input.zipCode ?? '',
        City: input.city ?? '',
        CountryCode: 'SE',
        DatabaseNumber: Number(input.tenantId),
        VisitAddress: input.address ?? '',
        VisitZipCode: input.zipCode ?? '',
        VisitCity: input.city ?? '',
        VisitCountryCode: 'SE',
      },
      apiLicence: true,
      ocrLengthDigit: input.ocrLengthDigit ?? false,
      roundOff: input.roundOff ?? true,
      accounts: new Set(DEFAULT_ACCOUNTS),
      customers: new Map(),
      articles: new Map(),
      invoices: new Map(),
      invoicepayments: new Map(),
      contracts: new Map(),
      vouchers: new Map(),
      financialYears: [],
      orders: new Map(),
      suppliers: new Map(),
      supplierinvoices: new Map(),
      units: [
        { Code: 'st', Description: 'Styck', CodeEnglish: 'pcs' },
        { Code: 'tim', Description: 'Timme', CodeEnglish: 'h' },
        { Code: 'mån', Description: 'Månad', CodeEnglish: 'month' },
        { Code: 'år', Description: 'År', CodeEnglish: 'year' },
        { Code: 'rnd', Description: 'Runda', CodeEnglish: 'round' },
        { Code: 'hink', Description: 'Hink bollar', CodeEnglish: 'bucket' },
      ],
      priceLists: [
        { Code: 'A', Description: 'Ordinarie', Comments: '', PreSelected: true },
        { Code: 'M', Description: 'Medlemspris', Comments: 'Rabatt för medlemmar', PreSelected: false },
        { Code: 'J', Description: 'Junior', Comments: 'Upp till 21 år', PreSelected: false },
      ],
      prices: [],
      costCenters: [
        { Code: 'BANA', Description: 'Banan', Note: '', Active: true },
        { Code: 'KANS', Description: 'Kansli', Note: '', Active: true },
        { Code: 'SHOP', Description: 'Shop', Note: '', Active: true },
        { Code: 'REST', Description: 'Restaurang', Note: '', Active: true },
        { Code: 'UNGD', Description: 'Ungdomsverksamhet', Note: '', Active: true },
        { Code: 'GAML', Description: 'Gamla tävlingar', Note: 'Används inte', Active: false },
      ],
      projects: [
        { ProjectNumber: '1', Description: 'Ny bevattning hål 1–9', Status: 'ONGOING', StartDate: '2025-03-01', EndDate: '' },
        { ProjectNumber: '2', Description: 'Klubbmästerskap', Status: 'ONGOING', StartDate: '2025-06-01', EndDate: '' },
        {
          ProjectNumber: '3',
          Description: 'Renovering klubbhus',
          Status: 'COMPLETED',
          StartDate: '2024-01-15',
          EndDate: '2024-11-30',
        },
      ],
      termsOfPayments: [
        { Code: '0', Description: 'Kontant' },
        { Code: '10', Description: '10 dagar netto' },
        { Code: '15', Description: '15 dagar netto' },
        { Code: '20', Description: '20 dagar netto' },
        { Code: '30', Description: '30 dagar netto' },
      ],
      termsOfDeliveries: [
        { Code: 'FVL', Description: 'Fritt vårt lager' },
        { Code: 'FK', Description: 'Fritt kund' },
        { Code: 'HÄMT', Description: 'Hämtas i shopen' },
      ],
      next: {
        customer: 1,
        invoice: 1001,
        payment: 1,
        contract: 1,
        order: 1,
        supplier: 1,
        supplierInvoice: 1,
      },
    };
    // A company in Fortnox has the years its bookkeeper made; the simulator's, the last three calendar years.
    this.ensureFinancialYears(tenant);
    this.tenants.set(tenant.tenantId, tenant);
    return tenant;
  }

  // ---- financial years (CONTRACT.md rules Y1, Y2) ---------------------------------------------

  /**
   * Adds a financial year: `from`–`to` must not overlap another (Fortnox's years never do, which is
   * why a date names at most one); its Id is the next after the highest.
   */
  addFinancialYear(t: SimTenant, from: string, to: string, method: FxFinancialYear['AccountingMethod'] = 'ACCRUAL') {
    if (!isDate(from) || !isDate(to) || to < from)
      throw badRequest(FORTNOX_ERROR.invalidDate, `Ogiltigt datum (FromDate: ${from}, ToDate: ${to})`);
    if (t.financialYears.some((y) => y.FromDate <= to && y.ToDate >= from))
      throw badRequest(FORTNOX_ERROR.invalidParameter, 'Räkenskapsåret överlappar ett befintligt räkenskapsår.');
    const year = financialYear(Math.max(0, ...t.financialYears.map((y) => y.Id)) + 1, from, to, method);
    t.financialYears.push(year);
    return year;
  }

  /**
   * Financial years through today's: a company without any gets the calendar year two years back,
   * and each year is followed by the next twelve months until today is covered, as the company's
   * bookkeeper makes them at the turn of a year (index.ts does so for a saved company on restart).
   */
  ensureFinancialYears(t: SimTenant) {
    const today = this.today();
    if (t.financialYears.length === 0) {
      const first = Number(today.slice(0, 4)) - 2;
      this.addFinancialYear(t, `${first}-01-01`, `${first}-12-31`);
    }
    const latest = () => t.financialYears.reduce((a, b) => (a.ToDate > b.ToDate ? a : b));
    for (let last = latest(); last.ToDate < today; last = latest()) {
      const from = addDays(last.ToDate, 1);
      this.addFinancialYear(t, from, addDays(addMonths(from, 12), -1));
    }
  }

  /** The financial year a date lies in, if any (rule Y1). */
  financialYearOf(t: SimTenant, date: string): FxFinancialYear | undefined {
    return t.financialYears.find((y) => y.FromDate <= date && date <= y.ToDate);
  }

  /** `GET /3/financialyears/{Id}` (rule Y1). */
  getFinancialYear(t: SimTenant, id: string): FxFinancialYear {
    const year = /^\d+$/.test(id) ? t.financialYears.find((y) => y.Id === Number(id)) : undefined;
    if (!year) throw notFound(FORTNOX_ERROR.financialYearNotFound, `Kan inte hitta räkenskapsåret (${id})`);
    return year;
  }

  /**
   * The financial year a voucher request is for (rule Y2): `financialyear` (an Id), else
   * `financialyeardate` (the year of that date), else the year of today's date. A year the company
   * does not have is refused.
   */
  voucherYear(t: SimTenant, params: URLSearchParams): FxFinancialYear {
    const id = params.get('financialyear');
    if (id !== null) {
      if (!/^\d+$/.test(id)) throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet.');
      const year = t.financialYears.find((y) => y.Id === Number(id));
      if (!year) throw badRequest(FORTNOX_ERROR.financialYearNotFound, `Kan inte hitta räkenskapsåret (${id})`);
      return year;
    }
    const date = params.get('financialyeardate') ?? this.today();
    if (!isDate(date)) throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet.');
    const year = this.financialYearOf(t, date);
    if (!year) throw badRequest(FORTNOX_ERROR.financialYearMissing, `Det finns inget räkenskapsår för datumet ${date}.`);
    return year;
  }

  tenant(tenantId: string): SimTenant {
    const tenant = this.tenants.get(tenantId);
    if (!tenant) throw new Error(`no simulated Fortnox tenant ${tenantId}`);
    return tenant;
  }

  /** Stores a document as changed now (its `lastmodified`) and answers it. */
  private keep<T>(docs: Map<string, Stored<T>>, key: string, doc: T): T {
    docs.set(key, { doc, modifiedAt: this.clock().getTime() });
    return doc;
  }

  // ---- helpers for tests -------------------------------------------------------------------

  count(tenantId: string, kind: DocKind): number {
    return this.tenant(tenantId)[kind].size;
  }

  /** Documents carrying the portal's reference (invoices/contracts: ExternalInvoiceReference1; customers: ExternalReference). */
  findByExternalRef(tenantId: string, kind: 'customers' | 'invoices' | 'contracts', ref: string): unknown[] {
    const tenant = this.tenant(tenantId);
    const field = {
      customers: 'ExternalReference',
      invoices: 'ExternalInvoiceReference1',
      contracts: 'ExternalInvoiceReference1',
    }[kind];
    return [...tenant[kind].values()]
      .map((s) => s.doc)
      .filter((doc) => (doc as unknown as Record<string, unknown>)[field] === ref);
  }

  // ---- customers ----------------------------------------------------------------------------

  getCustomer(t: SimTenant, number: string): FxCustomer {
    return found(t.customers.get(number), FORTNOX_ERROR.couldNotFindCustomer2, 'Kunde inte hitta kunden');
  }

  createCustomer(t: SimTenant, body: Body): FxCustomer {
    let number = text(body.CustomerNumber);
    if (number) {
      if (!/^[A-Za-z0-9-_]{1,50}$/.test(number))
        throw badRequest(FORTNOX_ERROR.invalidCharacters, `Värdet innehåller ej tillåtna tecken. (${number})`);
      if (t.customers.has(number)) {
        throw badRequest(
          FORTNOX_ERROR.customerNumberUsed,
          `Kundnummer ${number} används redan. Kundnumret har redan använts men blivit raderat.`,
        );
      }
    } else {
      while (t.customers.has(String(t.next.customer))) t.next.customer++;
      number = String(t.next.customer++);
    }
    const customer = this.customerFrom(t, { ...blankCustomer(), CustomerNumber: number }, body);
    return this.keep(t.customers, number, customer);
  }

  updateCustomer(t: SimTenant, number: string, body: Body): FxCustomer {
    const current = this.getCustomer(t, number);
    const customer = this.customerFrom(t, current, { ...body, CustomerNumber: number });
    return this.keep(t.customers, number, customer);
  }

  private customerFrom(t: SimTenant, base: FxCustomer, body: Body): FxCustomer {
    const merged: FxCustomer = { ...base };
    for (const key of Object.keys(blankCustomer()) as (keyof FxCustomer)[]) {
      if (!(key in body) || key === 'DefaultDeliveryTypes' || key === 'DefaultTemplates') continue;
      const value = body[key];
      if (key === 'Active') merged.Active = bool(value, base.Active);
      else if (key === 'InvoiceDiscount') merged.InvoiceDiscount = num(value);
      else (merged as unknown as Record<string, unknown>)[key] = text(value);
    }
    if (body.DefaultDeliveryTypes && typeof body.DefaultDeliveryTypes === 'object') {
      merged.DefaultDeliveryTypes = { ...base.DefaultDeliveryTypes, ...(body.DefaultDeliveryTypes as object) };
    }
    if (body.DefaultTemplates && typeof body.DefaultTemplates === 'object') {
      merged.DefaultTemplates = { ...base.DefaultTemplates, ...(body.DefaultTemplates as object) };
    }
    if (!merged.Name.trim()) throw badRequest(FORTNOX_ERROR.valueRequired, 'Kundnamn måste anges (Name)');
    if (merged.Type !== 'COMPANY' && merged.Type !== 'PRIVATE')
      throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet.');
    if (!['SEVAT', 'SEREVERSEDVAT', 'EUREVERSEDVAT', 'EUVAT', 'EXPORT'].includes(merged.VATType)) {
      throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet.');
    }
    if (merged.SalesAccount && !t.accounts.has(Number(merged.SalesAccount))) {
      throw badRequest(FORTNOX_ERROR.accountNotFound, `Kunde inte hitta konto (${merged.SalesAccount})`);
    }
    if (merged.TermsOfPayment && !t.termsOfPayments.some((x) => x.Code === merged.TermsOfPayment)) {
      throw badRequest(FORTNOX_ERROR.invalidParameter, `Kunde inte hitta betalningsvillkor (${merged.TermsOfPayment})`);
    }
    merged['@url'] = `https://api.fortnox.se/3/customers/${encodeURIComponent(merged.CustomerNumber)}`;
    return merged;
  }

  // ---- articles -----------------------------------------------------------------------------

  getArticle(t: SimTenant, number: string): FxArticle {
    return found(t.articles.get(number), FORTNOX_ERROR.couldNotFindArticle2, 'Kan inte hitta artikeln');
  }

  createArticle(t: SimTenant, body: Body): FxArticle {
    let number = text(body.ArticleNumber);
    if (number) {
      if (!/^[A-Za-z0-9-_+/.]{1,50}$/.test(number))
        throw badRequest(FORTNOX_ERROR.invalidCharacters, `Värdet innehåller ej tillåtna tecken. (${number})`);
      if (t.articles.has(number)) throw badRequest(FORTNOX_ERROR.articleNumberUsed, `Artikelnummer ${number} används redan.`);
    } else {
      let n = 1;
      while (t.articles.has(String(n))) n++;
      number = String(n);
    }
    const article = this.articleFrom(t, { ...blankArticle(), ArticleNumber: number }, body);
    return this.keep(t.articles, number, article);
  }

  updateArticle(t: SimTenant, number: string, body: Body): FxArticle {
    const current = this.getArticle(t, number);
    const article = this.articleFrom(t, current, { ...body, ArticleNumber: number });
    return this.keep(t.articles, number, article);
  }

  private articleFrom(t: SimTenant, base: FxArticle, body: Body): FxArticle {
    const merged: FxArticle = { ...base };
    const numeric = new Set<keyof FxArticle>([
      'QuantityInStock',
      'DisposableQuantity',
      'StockWarning',
      'StockValue',
      'VAT',
      'SalesPrice',
      'PurchasePrice',
    ]);
    const nullableNumeric = new Set<keyof FxArticle>([
      'SalesAccount',
      'EUAccount',
      'ExportAccount',
      'PurchaseAccount',
      'Width',
      'Height',
      'Depth',
      'Weight',
    ]);
    for (const key of Object.keys(blankArticle()) as (keyof FxArticle)[]) {
      if (!(key in body)) continue;
      const value = body[key];
      const record = merged as unknown as Record<string, unknown>;
      if (key === 'Active' || key === 'Expired' || key === 'StockGoods') record[key] = bool(value, base[key] as boolean);
      else if (numeric.has(key)) record[key] = num(value, 0);
      else if (nullableNumeric.has(key)) record[key] = num(value);
      else record[key] = text(value);
    }
    if (!merged.Description.trim()) throw badRequest(FORTNOX_ERROR.valueRequired, 'Benämning måste anges (Description)');
    if (!VAT_RATES.has(merged.VAT)) throw badRequest(FORTNOX_ERROR.invalidVat, `Ogiltig momssats (${merged.VAT})`);
    if (merged.Type !== 'STOCK' && merged.Type !== 'SERVICE')
      throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet.');
    if (merged.SalesAccount === null) merged.SalesAccount = SALES_ACCOUNT_BY_VAT[merged.VAT];
    for (const account of [merged.SalesAccount, merged.EUAccount, merged.ExportAccount, merged.PurchaseAccount]) {
      if (account !== null && !t.accounts.has(account))
        throw badRequest(FORTNOX_ERROR.accountNotFound, `Kunde inte hitta konto (${account})`);
    }
    if (merged.Unit && !t.units.some((u) => u.Code === merged.Unit))
      throw badRequest(FORTNOX_ERROR.invalidParameter, `Kunde inte hitta enhet (${merged.Unit})`);
    merged['@url'] = `https://api.fortnox.se/3/articles/${encodeURIComponent(merged.ArticleNumber)}`;
    return merged;
  }

  // ---- rows and totals ----------------------------------------------------------------------

  private rowsFrom(t: SimTenant, rows: unknown, vatType: FxCustomer['VATType']): FxRow[] {
    if (rows === undefined) return [];
    if (!Array.isArray(rows)) throw badRequest(FORTNOX_ERROR.incorrectData, 'Ingen eller felaktig typ av data.');
    return rows.map((raw: Body, index) => {
      const articleNumber = text(raw.ArticleNumber);
      const article = articleNumber ? t.articles.get(articleNumber)?.doc : undefined;
      if (articleNumber && !article)
        throw badRequest(FORTNOX_ERROR.couldNotFindArticle, `Kunde inte hitta artikel (${articleNumber})`);
      const vat = vatType === 'SEVAT' ? num(raw.VAT, article?.VAT ?? 25) : 0;
      if (vat === null || !VAT_RATES.has(vat)) throw badRequest(FORTNOX_ERROR.invalidVat, `Ogiltig momssats (${text(raw.VAT)})`);
      const account = num(raw.AccountNumber, article?.SalesAccount ?? SALES_ACCOUNT_BY_VAT[vat]);
      if (account !== null && !t.accounts.has(account))
        throw badRequest(FORTNOX_ERROR.accountNotFound, `Kunde inte hitta konto (${account})`);
      const description = text(raw.Description, article?.Description ?? '');
      if (!description && !articleNumber)
        throw badRequest(FORTNOX_ERROR.valueRequired, 'Benämning eller artikel måste anges på raden');
      const costCenter = text(raw.CostCenter);
      if (costCenter && !t.costCenters.some((c) => c.Code === costCenter))
        throw badRequest(FORTNOX_ERROR.invalidParameter, `Kunde inte hitta kostnadsställe (${costCenter})`);
      const project = text(raw.Project);
      if (project && !t.projects.some((p) => p.ProjectNumber === project))
        throw badRequest(FORTNOX_ERROR.invalidParameter, `Kunde inte hitta projekt (${project})`);
      const quantity = quantityToHundredths(text(raw.DeliveredQuantity, '1'));
      const discountType = text(raw.DiscountType, 'PERCENT');
      if (discountType !== 'PERCENT' && discountType !== 'AMOUNT')
        throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet.');
      return {
        RowId: index + 1,
        ArticleNumber: articleNumber,
        Description: description,
        DeliveredQuantity: hundredthsToQuantity(quantity),
        Unit: text(raw.Unit, article?.Unit ?? ''),
        Price: num(raw.Price, article?.SalesPrice ?? 0) ?? 0,
        VAT: vat,
        Discount: num(raw.Discount, 0) ?? 0,
        DiscountType: discountType,
        CostCenter: costCenter,
        Project: project,
        AccountNumber: account,
      };
    });
  }

  /** Fortnox's row total, net, VAT per rate, round-off and total, written onto the document. */
  private applyTotals(
    t: SimTenant,
    doc: { InvoiceRows: FxRow[]; VATIncluded: boolean; Net: number; TotalVAT: number; Total: number },
    roundOff: boolean,
  ) {
    const rows = doc.InvoiceRows.map((row) => {
      const quantityHundredths = quantityToHundredths(row.DeliveredQuantity);
      const priceOre = kronorToOre(row.Price);
      const discountBasisPoints =
        row.DiscountType === 'AMOUNT'
          ? // An amount discount per unit, expressed as the equivalent percentage of the price.
            priceOre === 0
            ? 0
            : (kronorToOre(row.Discount) / priceOre) * 10_000
          : Math.round(row.Discount * 100);
      return { quantityHundredths, priceOre, vatPercent: row.VAT, discountBasisPoints };
    });
    const totals = computeTotals(rows, { vatIncluded: doc.VATIncluded, roundToKrona: roundOff && t.roundOff });
    doc.InvoiceRows.forEach((row, i) => {
      row.Total = oreToKronor(totals.rowTotalsOre[i]);
    });
    doc.Net = oreToKronor(totals.netOre);
    doc.TotalVAT = oreToKronor(totals.vatOre);
    doc.Total = oreToKronor(totals.totalOre);
    return totals;
  }

  // ---- invoices -----------------------------------------------------------------------------

  getInvoice(t: SimTenant, number: string): FxInvoice {
    return found(t.invoices.get(number), FORTNOX_ERROR.invoiceNotFound, 'Kan inte hitta fakturan');
  }

  private touchInvoice(t: SimTenant, invoice: FxInvoice) {
    this.keep(t.invoices, invoice.DocumentNumber, invoice);
  }

  createInvoice(t: SimTenant, body: Body, extra: Partial<FxInvoice> = {}): FxInvoice {
    const customerNumber = text(body.CustomerNumber);
    if (!customerNumber) throw badRequest(FORTNOX_ERROR.valueRequired, 'Kundnummer måste anges (CustomerNumber)');
    const customer = t.customers.get(customerNumber)?.doc;
    if (!customer) throw badRequest(FORTNOX_ERROR.couldNotFindCustomer, `Kunde inte hämta/hitta kund (${customerNumber})`);
    while (t.invoices.has(String(t.next.invoice))) t.next.invoice++;
    const number = String(t.next.invoice++);
    const invoice: FxInvoice = {
      '@url': `https://api.fortnox.se/3/invoices/${number}`,
      DocumentNumber: number,
      CustomerNumber: customer.CustomerNumber,
      CustomerName: customer.Name,
      Address1: customer.Address1,
      Address2: customer.Address2,
      ZipCode: customer.ZipCode,
      City: customer.City,
      OrganisationNumber: customer.OrganisationNumber,
      InvoiceDate: '',
      DueDate: '',
      TermsOfPayment: '',
      InvoiceType: 'INVOICE',
      Currency: customer.Currency || 'SEK',
      YourReference: customer.YourReference,
      OurReference: customer.OurReference,
      Remarks: '',
      CostCenter: customer.CostCenter,
      Project: customer.Project,
      VATIncluded: false,
      InvoiceRows: [],
      OCR: ocrReference(number, { lengthDigit: t.ocrLengthDigit }),
      Net: 0,
      TotalVAT: 0,
      RoundOff: 0,
      Total: 0,
      Balance: 0,
      Booked: false,
      Cancelled: false,
      Sent: false,
      Credit: 'false',
      CreditInvoiceReference: '0',
      VoucherNumber: null,
      VoucherSeries: '',
      VoucherYear: null,
      ContractReference: '0',
      ExternalInvoiceReference1: '',
      ExternalInvoiceReference2: '',
      EmailInformation: {
        EmailAddressTo: customer.EmailInvoice || customer.Email,
        EmailAddressCC: '',
        EmailSubject: 'Faktura {no} från {name}',
        EmailBody: '',
      },
      WayOfDelivery: '',
      FinalPayDate: null,
      ...extra,
    };
    this.applyInvoiceBody(t, invoice, body, customer, true);
    this.touchInvoice(t, invoice);
    return invoice;
  }

  updateInvoice(t: SimTenant, number: string, body: Body): FxInvoice {
    const invoice = structuredClone(this.getInvoice(t, number));
    if (invoice.Cancelled) throw badRequest(FORTNOX_ERROR.invoiceCancelled, 'Fakturan är makulerad och kan inte ändras.');
    if (invoice.Booked) throw badRequest(FORTNOX_ERROR.invoiceBooked, 'Fakturan är bokförd och kan inte ändras.');
    let customer = t.customers.get(invoice.CustomerNumber)?.doc;
    if ('CustomerNumber' in body && text(body.CustomerNumber) !== invoice.CustomerNumber) {
      customer = t.customers.get(text(body.CustomerNumber))?.doc;
      if (!customer)
        throw badRequest(FORTNOX_ERROR.couldNotFindCustomer, `Kunde inte hämta/hitta kund (${text(body.CustomerNumber)})`);
      Object.assign(invoice, {
        CustomerNumber: customer.CustomerNumber,
        CustomerName: customer.Name,
        Address1: customer.Address1,
        ZipCode: customer.ZipCode,
        City: customer.City,
      });
    }
    if (!customer)
      throw badRequest(FORTNOX_ERROR.couldNotFindCustomer, `Kunde inte hämta/hitta kund (${invoice.CustomerNumber})`);
    this.applyInvoiceBody(t, invoice, body, customer, false);
    this.touchInvoice(t, invoice);
    return invoice;
  }

  private applyInvoiceBody(t: SimTenant, invoice: FxInvoice, body: Body, customer: FxCustomer, creating: boolean) {
    for (const key of [
      'YourReference',
      'OurReference',
      'Remarks',
      'Currency',
      'ExternalInvoiceReference1',
      'ExternalInvoiceReference2',
      'CostCenter',
      'Project',
    ] as const) {
      if (key in body) invoice[key] = text(body[key]);
    }
    if (invoice.ExternalInvoiceReference1.length > 80)
      throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet. (ExternalInvoiceReference1)');
    if ('VATIncluded' in body) invoice.VATIncluded = bool(body.VATIncluded, false);
    if ('InvoiceType' in body) {
      const type = text(body.InvoiceType);
      if (!['INVOICE', 'CASHINVOICE'].includes(type))
        throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet. (InvoiceType)');
      invoice.InvoiceType = type as FxInvoice['InvoiceType'];
    }
    if (creating || 'InvoiceDate' in body)
      invoice.InvoiceDate = requireDate(body.InvoiceDate, 'InvoiceDate', invoice.InvoiceDate || this.today());
    if (creating || 'TermsOfPayment' in body) {
      const terms = text(body.TermsOfPayment, invoice.TermsOfPayment || customer.TermsOfPayment || '30');
      if (!t.termsOfPayments.some((x) => x.Code === terms))
        throw badRequest(FORTNOX_ERROR.invalidParameter, `Kunde inte hitta betalningsvillkor (${terms})`);
      invoice.TermsOfPayment = terms;
    }
    if ('DueDate' in body && text(body.DueDate)) invoice.DueDate = requireDate(body.DueDate, 'DueDate');
    else if (creating || 'InvoiceDate' in body || 'TermsOfPayment' in body)
      invoice.DueDate = addDays(invoice.InvoiceDate, termsDays(invoice.TermsOfPayment));
    if (invoice.DueDate < invoice.InvoiceDate)
      throw badRequest(FORTNOX_ERROR.invalidDate, 'Förfallodatum kan inte vara före fakturadatum');
    if (creating || 'InvoiceRows' in body) invoice.InvoiceRows = this.rowsFrom(t, body.InvoiceRows ?? [], customer.VATType);
    if (invoice.InvoiceRows.length === 0 && creating)
      throw badRequest(FORTNOX_ERROR.valueRequired, 'Fakturan måste ha minst en rad');
    const totals = this.applyTotals(t, invoice, true);
    invoice.RoundOff = oreToKronor(totals.roundOffOre);
    invoice.Balance = invoice.Total;
  }

  bookkeepInvoice(t: SimTenant, number: string): FxInvoice {
    const invoice = this.getInvoice(t, number);
    if (invoice.Cancelled) throw badRequest(FORTNOX_ERROR.invoiceCancelled, 'Fakturan är makulerad och kan inte bokföras.');
    if (invoice.Booked) throw badRequest(FORTNOX_ERROR.invoiceBooked, 'Fakturan är redan bokförd.');
    this.bookInvoiceVoucher(t, invoice);
    this.touchInvoice(t, invoice);
    return invoice;
  }

  private bookInvoiceVoucher(t: SimTenant, invoice: FxInvoice) {
    const rows: FxVoucherRow[] = [];
    const totalOre = kronorToOre(invoice.Total);
    const line = (account: number, ore: number, description: string) =>
      rows.push({
        Account: account,
        Debit: ore > 0 ? oreToKronor(ore) : 0,
        Credit: ore < 0 ? oreToKronor(-ore) : 0,
        Description: description,
        TransactionInformation: '',
      });
    line(1510, totalOre, 'Kundfordringar');
    const byAccount = new Map<number, number>();
    for (const row of invoice.InvoiceRows) {
      const account = row.AccountNumber ?? SALES_ACCOUNT_BY_VAT[row.VAT];
      byAccount.set(account, (byAccount.get(account) ?? 0) + kronorToOre(row.Total));
    }
    // With VAT included, row totals are gross; the voucher books the net part.
    const netFactor =
      invoice.VATIncluded && kronorToOre(invoice.Net) !== 0
        ? kronorToOre(invoice.Net) / [...byAccount.values()].reduce((a, b) => a + b, 0)
        : 1;
    for (const [account, ore] of byAccount) line(account, -Math.round(ore * netFactor), 'Försäljning');
    const vatByRate = new Map<number, number>();
    for (const row of invoice.InvoiceRows)
      if (row.VAT > 0) vatByRate.set(row.VAT, (vatByRate.get(row.VAT) ?? 0) + kronorToOre(row.Total));
    let vatLeft = kronorToOre(invoice.TotalVAT);
    const rates = [...vatByRate.keys()];
    rates.forEach((rate, i) => {
      const amount =
        i === rates.length - 1
          ? vatLeft
          : Math.round(((vatByRate.get(rate) ?? 0) * rate) / (invoice.VATIncluded ? 100 + rate : 100));
      vatLeft -= amount;
      line(VAT_ACCOUNT_BY_RATE[rate], -amount, `Utgående moms ${rate} %`);
    });
    const balance = rows.reduce((sum, r) => sum + kronorToOre(r.Debit) - kronorToOre(r.Credit), 0);
    if (balance !== 0) line(3740, -balance, 'Öres- och kronutjämning');
    const voucher = this.addVoucher(
      t,
      'B',
      invoice.InvoiceDate,
      `Kundfaktura ${invoice.DocumentNumber}, ${invoice.CustomerName}`,
      invoice.DocumentNumber,
      'INVOICE',
      rows,
    );
    invoice.Booked = true;
    invoice.VoucherNumber = voucher.VoucherNumber;
    invoice.VoucherSeries = voucher.VoucherSeries;
    invoice.VoucherYear = voucher.Year;
  }

  addVoucher(
    t: SimTenant,
    series: VoucherSeries,
    date: string,
    description: string,
    reference: string,
    referenceType: string,
    rows: FxVoucherRow[],
    comments = '',
  ): FxVoucher {
    // Booked in the financial year of its date; Fortnox books nothing where the company has no year (rule Y2).
    const year = this.financialYearOf(t, date);
    if (!year) throw badRequest(FORTNOX_ERROR.financialYearMissing, `Det finns inget räkenskapsår för datumet ${date}.`);
    const number = this.nextVoucherNumber(t, year, series);
    const voucher: FxVoucher = {
      '@url': `https://api.fortnox.se/3/vouchers/${series}/${number}?financialyear=${year.Id}`,
      VoucherSeries: series,
      VoucherNumber: number,
      Year: year.Id,
      TransactionDate: date,
      Description: description,
      ReferenceNumber: reference,
      ReferenceType: referenceType,
      VoucherRows: rows,
      Comments: comments,
    };
    return this.keep(t.vouchers, voucherKey(year.Id, series, number), voucher);
  }

  cancelInvoice(t: SimTenant, number: string): FxInvoice {
    const invoice = this.getInvoice(t, number);
    if (invoice.Cancelled) throw badRequest(FORTNOX_ERROR.invoiceCancelled, 'Fakturan är redan makulerad.');
    if (invoice.Booked)
      throw badRequest(FORTNOX_ERROR.invoiceBooked, 'Fakturan är bokförd och kan inte makuleras. Kreditera den i stället.');
    invoice.Cancelled = true;
    invoice.Balance = 0;
    this.touchInvoice(t, invoice);
    return invoice;
  }

  /** Fortnox answers the credited invoice (CreditInvoiceReference names the new credit note). */
  creditInvoice(t: SimTenant, number: string): FxInvoice {
    const invoice = this.getInvoice(t, number);
    if (invoice.Cancelled) throw badRequest(FORTNOX_ERROR.invoiceCancelled, 'Fakturan är makulerad och kan inte krediteras.');
    if (invoice.Credit === 'true') throw badRequest(FORTNOX_ERROR.invoiceIsCredit, 'En kreditfaktura kan inte krediteras.');
    if (invoice.CreditInvoiceReference !== '0')
      throw badRequest(FORTNOX_ERROR.invoiceAlreadyCredited, 'Fakturan är redan krediterad.');
    if (!invoice.Booked)
      throw badRequest(FORTNOX_ERROR.invoiceNotBooked, 'Fakturan måste vara bokförd för att kunna krediteras.');
    const paidOre = kronorToOre(invoice.Total) - kronorToOre(invoice.Balance);
    const credit = this.createInvoice(
      t,
      {
        CustomerNumber: invoice.CustomerNumber,
        InvoiceDate: this.today(),
        TermsOfPayment: invoice.TermsOfPayment,
        YourReference: invoice.YourReference,
        OurReference: invoice.OurReference,
        Remarks: `Kreditfaktura för faktura ${invoice.DocumentNumber}`,
        VATIncluded: invoice.VATIncluded,
        InvoiceRows: invoice.InvoiceRows.map((row) => ({
          ...row,
          DeliveredQuantity: hundredthsToQuantity(-quantityToHundredths(row.DeliveredQuantity)),
        })),
      },
      { Credit: 'true', CreditInvoiceReference: invoice.DocumentNumber, ContractReference: invoice.ContractReference },
    );
    // Fortnox books credit notes of booked invoices straight away and offsets the open amounts.
    this.bookInvoiceVoucher(t, credit);
    credit.Balance = oreToKronor(-paidOre);
    credit.DueDate = credit.InvoiceDate;
    this.touchInvoice(t, credit);
    invoice.CreditInvoiceReference = credit.DocumentNumber;
    invoice.Balance = 0;
    this.touchInvoice(t, invoice);
    return invoice;
  }

  /** e-mail, e-invoice, print and external print: mark as sent the way Fortnox does. */
  sendInvoice(t: SimTenant, number: string, way: 'EMAIL' | 'EINVOICE' | 'PRINT' | 'EXTERNALPRINT'): FxInvoice {
    const invoice = this.getInvoice(t, number);
    if (invoice.Cancelled) throw badRequest(FORTNOX_ERROR.invoiceCancelled, 'Fakturan är makulerad och kan inte skickas.');
    const customer = t.customers.get(invoice.CustomerNumber)?.doc;
    if (way === 'EMAIL' && !(invoice.EmailInformation.EmailAddressTo || customer?.EmailInvoice || customer?.Email)) {
      throw badRequest(FORTNOX_ERROR.missingEmail, 'E-postadress saknas för kunden.');
    }
    if (way === 'EINVOICE' && (customer?.Type !== 'COMPANY' || !customer.OrganisationNumber)) {
      throw badRequest(FORTNOX_ERROR.einvoiceNotPossible, 'Kunden kan inte ta emot e-faktura (organisationsnummer saknas).');
    }
    invoice.Sent = true;
    invoice.WayOfDelivery = way;
    this.touchInvoice(t, invoice);
    return invoice;
  }

  // ---- prices (CONTRACT.md rule P1) ---------------------------------------------------------

  private preselectedList(t: SimTenant): string {
    return t.priceLists.find((p) => p.PreSelected)?.Code ?? 'A';
  }

  getPrice(t: SimTenant, priceList: string, articleNumber: string, fromQuantity: string): FxPrice {
    const from = num(fromQuantity, 0) ?? 0;
    const price = t.prices.find((p) => p.PriceList === priceList && p.ArticleNumber === articleNumber && p.FromQuantity === from);
    if (!price) throw notFound(FORTNOX_ERROR.priceNotFound, 'Kan inte hitta priset');
    return price;
  }

  createPrice(t: SimTenant, body: Body): FxPrice {
    const articleNumber = text(body.ArticleNumber);
    const priceList = text(body.PriceList);
    const article = t.articles.get(articleNumber)?.doc;
    if (!article) throw badRequest(FORTNOX_ERROR.couldNotFindArticle, `Kunde inte hitta artikel (${articleNumber})`);
    if (!t.priceLists.some((p) => p.Code === priceList))
      throw badRequest(FORTNOX_ERROR.invalidParameter, `Kunde inte hitta prislista (${priceList})`);
    const from = num(body.FromQuantity, 0) ?? 0;
    if (t.prices.some((p) => p.PriceList === priceList && p.ArticleNumber === articleNumber && p.FromQuantity === from))
      throw badRequest(FORTNOX_ERROR.priceExists, 'Det finns redan ett pris för artikeln i prislistan');
    const price: FxPrice = {
      '@url': `https://api.fortnox.se/3/prices/${encodeURIComponent(priceList)}/${encodeURIComponent(articleNumber)}/${from}`,
      ArticleNumber: articleNumber,
      PriceList: priceList,
      FromQuantity: from,
      Price: num(body.Price, 0) ?? 0,
      Percent: num(body.Percent, 0) ?? 0,
      Date: this.today(),
    };
    t.prices.push(price);
    this.priceChanged(t, price);
    return price;
  }

  updatePrice(t: SimTenant, priceList: string, articleNumber: string, fromQuantity: string, body: Body): FxPrice {
    const price = this.getPrice(t, priceList, articleNumber, fromQuantity);
    if ('Price' in body) price.Price = num(body.Price, 0) ?? 0;
    if ('Percent' in body) price.Percent = num(body.Percent, 0) ?? 0;
    price.Date = this.today();
    this.priceChanged(t, price);
    return price;
  }

  /** The preselected list's price from quantity 0 is what the article answers as SalesPrice. */
  private priceChanged(t: SimTenant, price: FxPrice) {
    if (price.PriceList !== this.preselectedList(t) || price.FromQuantity !== 0) return;
    const stored = t.articles.get(price.ArticleNumber);
    if (!stored) return;
    stored.doc.SalesPrice = price.Price;
    stored.modifiedAt = this.clock().getTime();
  }

  // ---- payments -----------------------------------------------------------------------------

  getPayment(t: SimTenant, number: string): FxInvoicePayment {
    return found(t.invoicepayments.get(number), FORTNOX_ERROR.paymentNotFound, 'Kan inte hitta inbetalningen');
  }

  createPayment(t: SimTenant, body: Body): FxInvoicePayment {
    const invoiceNumber = text(body.InvoiceNumber);
    const invoice = t.invoices.get(invoiceNumber)?.doc;
    if (!invoice) throw badRequest(FORTNOX_ERROR.invoiceNotFound, `Kan inte hitta fakturan (${invoiceNumber})`);
    if (invoice.Cancelled) throw badRequest(FORTNOX_ERROR.invoiceCancelled, 'Fakturan är makulerad.');
    if (!invoice.Booked)
      throw badRequest(FORTNOX_ERROR.invoiceNotBooked, 'Fakturan måste vara bokförd innan en inbetalning kan registreras.');
    const amount = num(body.Amount);
    if (amount === null || amount <= 0) throw badRequest(FORTNOX_ERROR.valueRequired, 'Belopp måste anges (Amount)');
    const paymentDate = requireDate(body.PaymentDate, 'PaymentDate', this.today());
    if (paymentDate < invoice.InvoiceDate)
      throw badRequest(FORTNOX_ERROR.invalidDate, 'Betaldatum kan inte vara före fakturadatum');
    const number = t.next.payment++;
    const payment: FxInvoicePayment = {
      '@url': `https://api.fortnox.se/3/invoicepayments/${number}`,
      Number: number,
      InvoiceNumber: Number(invoice.DocumentNumber),
      Amount: amount,
      AmountCurrency: amount,
      PaymentDate: paymentDate,
      Booked: false,
      Currency: invoice.Currency,
      ExternalInvoiceReference1: invoice.ExternalInvoiceReference1,
      ExternalInvoiceReference2: invoice.ExternalInvoiceReference2,
      InvoiceCustomerName: invoice.CustomerName,
      InvoiceCustomerNumber: invoice.CustomerNumber,
      InvoiceOCR: invoice.OCR,
      InvoiceTotal: invoice.Total,
      ModeOfPayment: text(body.ModeOfPayment, 'BG'),
      VoucherNumber: null,
      VoucherSeries: '',
    };
    return this.keep(t.invoicepayments, String(number), payment);
  }

  bookkeepPayment(t: SimTenant, number: string): FxInvoicePayment {
    const payment = this.getPayment(t, number);
    if (payment.Booked) throw badRequest(FORTNOX_ERROR.paymentBooked, 'Inbetalningen är redan bokförd.');
    const invoice = this.getInvoice(t, String(payment.InvoiceNumber));
    const ore = kronorToOre(payment.Amount);
    const voucher = this.addVoucher(
      t,
      'C',
      payment.PaymentDate,
      `Inbetalning faktura ${invoice.DocumentNumber}, ${invoice.CustomerName}`,
      String(payment.Number),
      'INVOICEPAYMENT',
      [
        { Account: 1930, Debit: oreToKronor(ore), Credit: 0, Description: 'Företagskonto', TransactionInformation: '' },
        { Account: 1510, Debit: 0, Credit: oreToKronor(ore), Description: 'Kundfordringar', TransactionInformation: '' },
      ],
    );
    payment.Booked = true;
    payment.VoucherNumber = voucher.VoucherNumber;
    payment.VoucherSeries = 'C';
    this.keep(t.invoicepayments, number, payment);
    invoice.Balance = oreToKronor(kronorToOre(invoice.Balance) - ore);
    if (kronorToOre(invoice.Balance) <= 0) invoice.FinalPayDate = payment.PaymentDate;
    this.touchInvoice(t, invoice);
    return payment;
  }

  // ---- contracts ----------------------------------------------------------------------------

  private contractStored(t: SimTenant, number: string) {
    const stored = t.contracts.get(number);
    if (!stored) throw notFound(FORTNOX_ERROR.contractNotFound, 'Kan inte hitta avtalet');
    return stored;
  }

  getContract(t: SimTenant, number: string): FxContract {
    const stored = this.contractStored(t, number);
    stored.doc.Status = this.contractStatus(stored.doc, stored.finished);
    return stored.doc;
  }

  private contractStatus(contract: FxContract, finished: boolean): FxContract['Status'] {
    if (finished) return 'FINISHED';
    if (!contract.Active) return 'INACTIVE';
    if (contract.PeriodStart > this.today()) return 'UPCOMING';
    return 'ONGOING';
  }

  createContract(t: SimTenant, body: Body): FxContract {
    const customerNumber = text(body.CustomerNumber);
    if (!customerNumber) throw badRequest(FORTNOX_ERROR.valueRequired, 'Kundnummer måste anges (CustomerNumber)');
    const customer = t.customers.get(customerNumber)?.doc;
    if (!customer) throw badRequest(FORTNOX_ERROR.couldNotFindCustomer, `Kunde inte hämta/hitta kund (${customerNumber})`);
    while (t.contracts.has(String(t.next.contract))) t.next.contract++;
    const number = String(t.next.contract++);
    const contract: FxContract = {
      '@url': `https://api.fortnox.se/3/contracts/${number}`,
      DocumentNumber: number,
      CustomerNumber: customer.CustomerNumber,
      CustomerName: customer.Name,
      ContractDate: '',
      PeriodStart: '',
      PeriodEnd: '',
      Continuous: false,
      ContractLength: 12,
      InvoiceInterval: 12,
      Active: true,
      VATIncluded: false,
      TermsOfPayment: customer.TermsOfPayment || '30',
      YourReference: customer.YourReference,
      OurReference: customer.OurReference,
      Remarks: '',
      CostCenter: customer.CostCenter,
      Project: customer.Project,
      Currency: customer.Currency || 'SEK',
      InvoiceRows: [],
      InvoicesRemaining: 0,
      LastInvoiceDate: '',
      Status: 'ONGOING',
      Net: 0,
      TotalVAT: 0,
      Total: 0,
      ExternalInvoiceReference1: '',
      ExternalInvoiceReference2: '',
    };
    this.applyContractBody(t, contract, body, customer, true);
    t.contracts.set(number, { doc: contract, modifiedAt: this.clock().getTime(), finished: false });
    return this.getContract(t, number);
  }

  updateContract(t: SimTenant, number: string, body: Body): FxContract {
    const stored = this.contractStored(t, number);
    if (stored.finished) throw badRequest(FORTNOX_ERROR.contractFinished, 'Avtalet är avslutat och kan inte ändras.');
    const contract = structuredClone(stored.doc);
    const customer = t.customers.get(text(body.CustomerNumber, contract.CustomerNumber))?.doc;
    if (!customer)
      throw badRequest(FORTNOX_ERROR.couldNotFindCustomer, `Kunde inte hämta/hitta kund (${text(body.CustomerNumber)})`);
    contract.CustomerNumber = customer.CustomerNumber;
    contract.CustomerName = customer.Name;
    this.applyContractBody(t, contract, body, customer, false);
    t.contracts.set(number, { ...stored, doc: contract, modifiedAt: this.clock().getTime() });
    return this.getContract(t, number);
  }

  private applyContractBody(t: SimTenant, contract: FxContract, body: Body, customer: FxCustomer, creating: boolean) {
    for (const key of [
      'YourReference',
      'OurReference',
      'Remarks',
      'CostCenter',
      'Project',
      'ExternalInvoiceReference1',
      'ExternalInvoiceReference2',
      'TermsOfPayment',
    ] as const) {
      if (key in body) contract[key] = text(body[key]);
    }
    if ('Continuous' in body) contract.Continuous = bool(body.Continuous, false);
    if ('Active' in body) contract.Active = bool(body.Active, true);
    if ('VATIncluded' in body) contract.VATIncluded = bool(body.VATIncluded, false);
    if ('ContractLength' in body) contract.ContractLength = num(body.ContractLength, 12) ?? 12;
    if ('InvoiceInterval' in body) contract.InvoiceInterval = num(body.InvoiceInterval, 12) ?? 12;
    if (![1, 3, 6, 12].includes(contract.InvoiceInterval))
      throw badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet. (InvoiceInterval)');
    if (contract.ContractLength <= 0 || contract.ContractLength % contract.InvoiceInterval !== 0) {
      throw badRequest(FORTNOX_ERROR.invalidParameter, 'Avtalslängden måste vara en multipel av faktureringsintervallet.');
    }
    if (creating || 'ContractDate' in body)
      contract.ContractDate = requireDate(body.ContractDate, 'ContractDate', contract.ContractDate || this.today());
    if (creating || 'PeriodStart' in body)
      contract.PeriodStart = requireDate(body.PeriodStart, 'PeriodStart', contract.PeriodStart || contract.ContractDate);
    if ('PeriodEnd' in body && text(body.PeriodEnd)) contract.PeriodEnd = requireDate(body.PeriodEnd, 'PeriodEnd');
    else contract.PeriodEnd = addDays(addMonths(contract.PeriodStart, contract.ContractLength), -1);
    if (contract.PeriodEnd < contract.PeriodStart)
      throw badRequest(FORTNOX_ERROR.invalidDate, 'Periodens slut kan inte vara före dess start');
    if (creating || 'InvoiceRows' in body) contract.InvoiceRows = this.rowsFrom(t, body.InvoiceRows ?? [], customer.VATType);
    if (contract.InvoiceRows.length === 0) throw badRequest(FORTNOX_ERROR.valueRequired, 'Avtalet måste ha minst en rad');
    if (creating) contract.InvoicesRemaining = contract.Continuous ? 0 : contract.ContractLength / contract.InvoiceInterval;
    this.applyTotals(t, contract, false);
  }

  finishContract(t: SimTenant, number: string): FxContract {
    const stored = this.contractStored(t, number);
    if (stored.finished) throw badRequest(FORTNOX_ERROR.contractFinished, 'Avtalet är redan avslutat.');
    stored.finished = true;
    stored.doc.Continuous = false;
    stored.modifiedAt = this.clock().getTime();
    return this.getContract(t, number);
  }

  /** Invoices the contract's next period; answers the new invoice. */
  createInvoiceFromContract(t: SimTenant, number: string): FxInvoice {
    const stored = this.contractStored(t, number);
    const contract = stored.doc;
    if (stored.finished) throw badRequest(FORTNOX_ERROR.contractFinished, 'Avtalet är avslutat.');
    if (!contract.Active) throw badRequest(FORTNOX_ERROR.contractInactive, 'Avtalet är inaktivt.');
    if (!contract.Continuous && contract.InvoicesRemaining <= 0)
      throw badRequest(FORTNOX_ERROR.contractFinished, 'Avtalet har inga fler perioder att fakturera.');
    const from = contract.LastInvoiceDate ? addMonths(contract.LastInvoiceDate, contract.InvoiceInterval) : contract.PeriodStart;
    const to = addDays(addMonths(from, contract.InvoiceInterval), -1);
    const invoiceDate = from < this.today() ? this.today() : from;
    const invoice = this.createInvoice(
      t,
      {
        CustomerNumber: contract.CustomerNumber,
        InvoiceDate: invoiceDate,
        TermsOfPayment: contract.TermsOfPayment,
        YourReference: contract.YourReference,
        OurReference: contract.OurReference,
        Remarks: `Avtal ${contract.DocumentNumber}, period ${from} – ${to}`,
        CostCenter: contract.CostCenter,
        Project: contract.Project,
        VATIncluded: contract.VATIncluded,
        InvoiceRows: contract.InvoiceRows,
      },
      { InvoiceType: 'AGREEMENTINVOICE', ContractReference: contract.DocumentNumber },
    );
    contract.LastInvoiceDate = from;
    if (!contract.Continuous) {
      contract.InvoicesRemaining -= 1;
      if (contract.InvoicesRemaining === 0) stored.finished = true;
    }
    stored.modifiedAt = this.clock().getTime();
    return invoice;
  }

  // ---- lists --------------------------------------------------------------------------------

  documents(t: SimTenant, kind: DocKind): Stored<unknown>[] {
    if (kind === 'contracts')
      for (const stored of t.contracts.values()) stored.doc.Status = this.contractStatus(stored.doc, stored.finished);
    return [...(t[kind] as Map<string, Stored<unknown>>).values()];
  }

  // ---- vouchers (CONTRACT.md rules A5, Y2) -------------------------------------------------------

  /** Each series numbers its vouchers anew in every financial year, from 1 (rule Y2). */
  private nextVoucherNumber(t: SimTenant, year: FxFinancialYear, series: VoucherSeries): number {
    let highest = 0;
    for (const { doc } of t.vouchers.values())
      if (doc.Year === year.Id && doc.VoucherSeries === series) highest = Math.max(highest, doc.VoucherNumber);
    return highest + 1;
  }

  /** `GET /3/vouchers/{series}/{number}` in the financial year the request is for (rule Y2). */
  getVoucher(t: SimTenant, series: string, number: string, year: FxFinancialYear): FxVoucher {
    return found(
      t.vouchers.get(voucherKey(year.Id, series, number)),
      FORTNOX_ERROR.noValidIdentifier,
      'Kan inte hitta verifikationen',
    );
  }

  /**
   * `POST /3/vouchers`: a balanced voucher on existing accounts in an existing series, booked in
   * the financial year the request is for (rule Y2): its date must lie in that year.
   */
  createVoucher(t: SimTenant, body: Body, year: FxFinancialYear): FxVoucher {
    const series = text(body.VoucherSeries);
    if (!(VOUCHER_SERIES as readonly string[]).includes(series))
      throw badRequest(FORTNOX_ERROR.voucherSeriesMissing, `Verifikationsserien finns inte (${series})`);
    const date = requireDate(body.TransactionDate, 'TransactionDate');
    if (date < year.FromDate || date > year.ToDate)
      throw badRequest(
        FORTNOX_ERROR.financialYearMissing,
        `Datumet ${date} ligger inte i räkenskapsåret ${year.FromDate} – ${year.ToDate}.`,
      );
    const rawRows = Array.isArray(body.VoucherRows) ? (body.VoucherRows as Body[]) : [];
    const rows: FxVoucherRow[] = rawRows.map((row) => {
      const account = num(row.Account);
      if (account === null || !t.accounts.has(account))
        throw badRequest(FORTNOX_ERROR.accountNotFound, `Kunde inte hitta konto (${text(row.Account)})`);
      return {
        Account: account,
        Debit: num(row.Debit, 0) ?? 0,
        Credit: num(row.Credit, 0) ?? 0,
        Description: text(row.Description),
        TransactionInformation: text(row.TransactionInformation),
      };
    });
    const balance = rows.reduce((sum, r) => sum + kronorToOre(r.Debit) - kronorToOre(r.Credit), 0);
    if (rows.length < 2 || balance !== 0) throw badRequest(FORTNOX_ERROR.voucherUnbalanced, 'Verifikationen är inte i balans.');
    return this.addVoucher(t, series as VoucherSeries, date, text(body.Description), '', 'MANUAL', rows, text(body.Comments));
  }

  // ---- orders (rule A6) -------------------------------------------------------------------------

  getOrder(t: SimTenant, number: string): FxOrder {
    return found(t.orders.get(number), FORTNOX_ERROR.noValidIdentifier, 'Kan inte hitta ordern');
  }

  cancelOrder(t: SimTenant, number: string): FxOrder {
    const order = this.getOrder(t, number);
    if (order.Cancelled) throw badRequest(FORTNOX_ERROR.orderCancelled, 'Ordern är redan makulerad.');
    if (order.InvoiceReference && order.InvoiceReference !== '0')
      throw badRequest(FORTNOX_ERROR.orderInvoiced, 'Ordern är fakturerad och kan inte makuleras.');
    order.Cancelled = true;
    return this.keep(t.orders, number, order);
  }

  // ---- suppliers and supplier invoices (rules F1, A4) --------------------------------------------

  getSupplier(t: SimTenant, number: string): FxSupplier {
    return found(t.suppliers.get(number), FORTNOX_ERROR.supplierNotFound, 'Kan inte hitta leverantören');
  }

  createSupplier(t: SimTenant, body: Body): FxSupplier {
    let number = text(body.SupplierNumber);
    if (number && t.suppliers.has(number))
      throw badRequest(FORTNOX_ERROR.customerNumberUsed, `Leverantörsnummer ${number} används redan.`);
    if (!number) {
      let n = t.next.supplier ?? 1;
      while (t.suppliers.has(String(n))) n++;
      number = String(n);
      t.next.supplier = n + 1;
    }
    const supplier: FxSupplier = { ...blankSupplier(), SupplierNumber: number };
    for (const key of Object.keys(supplier) as (keyof FxSupplier)[]) {
      if (!(key in body) || key === 'SupplierNumber' || key === '@url') continue;
      if (key === 'Active') supplier.Active = bool(body.Active, true);
      else (supplier as unknown as Record<string, unknown>)[key] = text(body[key]);
    }
    if (!supplier.Name.trim()) throw badRequest(FORTNOX_ERROR.valueRequired, 'Leverantörsnamn måste anges (Name)');
    supplier['@url'] = `https://api.fortnox.se/3/suppliers/${encodeURIComponent(number)}`;
    return this.keep(t.suppliers, number, supplier);
  }

  getSupplierInvoice(t: SimTenant, givenNumber: string): FxSupplierInvoice {
    return found(t.supplierinvoices.get(givenNumber), FORTNOX_ERROR.noValidIdentifier, 'Kan inte hitta leverantörsfakturan');
  }

  /**
   * `POST /3/supplierinvoices`: the supplier must exist; the rows are the cost accounts (ex VAT),
   * and Fortnox adds the supplier debt (2440) and incoming VAT (2641) rows itself.
   */
  createSupplierInvoice(t: SimTenant, body: Body, extra: Partial<FxSupplierInvoice> = {}): FxSupplierInvoice {
    const supplier = this.getSupplier(t, text(body.SupplierNumber));
    const invoiceDate = requireDate(body.InvoiceDate, 'InvoiceDate', this.today());
    const dueDate = requireDate(body.DueDate, 'DueDate', addDays(invoiceDate, 30));
    const rawRows = Array.isArray(body.SupplierInvoiceRows) ? (body.SupplierInvoiceRows as Body[]) : [];
    const costRows: FxSupplierInvoiceRow[] = rawRows.map((row) => {
      const account = num(row.Account);
      if (account === null || !t.accounts.has(account))
        throw badRequest(FORTNOX_ERROR.accountNotFound, `Kunde inte hitta konto (${text(row.Account)})`);
      const total = num(row.Total, null) ?? (num(row.Debit, 0) ?? 0) - (num(row.Credit, 0) ?? 0);
      return {
        Account: account,
        ArticleNumber: text(row.ArticleNumber),
        ItemDescription: text(row.ItemDescription),
        Debit: total > 0 ? total : 0,
        Credit: total < 0 ? -total : 0,
        Total: total,
      };
    });
    const netOre = costRows.reduce((sum, r) => sum + kronorToOre(r.Total), 0);
    const vatOre = body.VAT === undefined ? Math.round(netOre * 0.25) : kronorToOre(num(body.VAT, 0) ?? 0);
    const totalOre = body.Total === undefined ? netOre + vatOre : kronorToOre(num(body.Total, 0) ?? 0);
    const line = (account: number, ore: number, description: string): FxSupplierInvoiceRow => ({
      Account: account,
      ArticleNumber: '',
      ItemDescription: description,
      Debit: ore > 0 ? oreToKronor(ore) : 0,
      Credit: ore < 0 ? oreToKronor(-ore) : 0,
      Total: oreToKronor(ore),
    });
    const rows = [line(2440, -totalOre, 'Leverantörsskulder'), ...costRows];
    if (vatOre !== 0) rows.push(line(2641, vatOre, 'Ingående moms'));
    const givenNumber = String(t.next.supplierInvoice ?? 1);
    t.next.supplierInvoice = Number(givenNumber) + 1;
    const invoice: FxSupplierInvoice = {
      '@url': `https://api.fortnox.se/3/supplierinvoices/${givenNumber}`,
      GivenNumber: givenNumber,
      SupplierNumber: supplier.SupplierNumber,
      SupplierName: supplier.Name,
      InvoiceNumber: text(body.InvoiceNumber),
      OCR: text(body.OCR),
      InvoiceDate: invoiceDate,
      DueDate: dueDate,
      Currency: text(body.Currency, supplier.Currency || 'SEK'),
      Total: oreToKronor(totalOre),
      VAT: oreToKronor(vatOre),
      Balance: oreToKronor(totalOre),
      Comments: text(body.Comments),
      YourReference: text(body.YourReference),
      OurReference: text(body.OurReference),
      Booked: false,
      Cancelled: false,
      Credit: false,
      CreditReference: 0,
      VoucherNumber: null,
      VoucherSeries: '',
      VoucherYear: null,
      SupplierInvoiceRows: rows,
      ...extra,
    };
    return this.keep(t.supplierinvoices, givenNumber, invoice);
  }

  private touchSupplierInvoice(t: SimTenant, invoice: FxSupplierInvoice) {
    this.keep(t.supplierinvoices, invoice.GivenNumber, invoice);
  }

  bookkeepSupplierInvoice(t: SimTenant, givenNumber: string): FxSupplierInvoice {
    const invoice = this.getSupplierInvoice(t, givenNumber);
    if (invoice.Cancelled)
      throw badRequest(FORTNOX_ERROR.supplierInvoiceCancelled, 'Leverantörsfakturan är makulerad och kan inte bokföras.');
    if (invoice.Booked) throw badRequest(FORTNOX_ERROR.supplierInvoiceBooked, 'Leverantörsfakturan är redan bokförd.');
    const voucher = this.addVoucher(
      t,
      'D',
      invoice.InvoiceDate,
      `Leverantörsfaktura ${invoice.GivenNumber}, ${invoice.SupplierName}`,
      invoice.GivenNumber,
      'SUPPLIERINVOICE',
      invoice.SupplierInvoiceRows.map((row) => ({
        Account: row.Account,
        Debit: row.Debit,
        Credit: row.Credit,
        Description: row.ItemDescription,
        TransactionInformation: '',
      })),
    );
    invoice.Booked = true;
    invoice.VoucherNumber = voucher.VoucherNumber;
    invoice.VoucherSeries = voucher.VoucherSeries;
    invoice.VoucherYear = voucher.Year;
    this.touchSupplierInvoice(t, invoice);
    return invoice;
  }

  /** Only an unbooked supplier invoice can be cancelled; a booked one is credited (rule A4). */
  cancelSupplierInvoice(t: SimTenant, givenNumber: string): FxSupplierInvoice {
    const invoice = this.getSupplierInvoice(t, givenNumber);
    if (invoice.Cancelled) throw badRequest(FORTNOX_ERROR.supplierInvoiceCancelled, 'Leverantörsfakturan är redan makulerad.');
    if (invoice.Booked)
      throw badRequest(
        FORTNOX_ERROR.supplierInvoiceBooked,
        'Leverantörsfakturan är bokförd och kan inte makuleras. Kreditera den i stället.',
      );
    invoice.Cancelled = true;
    invoice.Balance = 0;
    this.touchSupplierInvoice(t, invoice);
    return invoice;
  }

  /** Credits a booked supplier invoice: a booked credit invoice with the rows negated; answers the original. */
  creditSupplierInvoice(t: SimTenant, givenNumber: string): FxSupplierInvoice {
    const invoice = this.getSupplierInvoice(t, givenNumber);
    if (invoice.Cancelled)
      throw badRequest(FORTNOX_ERROR.supplierInvoiceCancelled, 'Leverantörsfakturan är makulerad och kan inte krediteras.');
    if (invoice.Credit) throw badRequest(FORTNOX_ERROR.supplierInvoiceIsCredit, 'En kreditfaktura kan inte krediteras.');
    if (invoice.CreditReference)
      throw badRequest(FORTNOX_ERROR.supplierInvoiceAlreadyCredited, 'Leverantörsfakturan är redan krediterad.');
    if (!invoice.Booked)
      throw badRequest(
        FORTNOX_ERROR.supplierInvoiceNotBooked,
        'Leverantörsfakturan måste vara bokförd för att kunna krediteras.',
      );
    const costRows = invoice.SupplierInvoiceRows.filter((row) => row.Account !== 2440 && row.Account !== 2641);
    const credit = this.createSupplierInvoice(
      t,
      {
        SupplierNumber: invoice.SupplierNumber,
        InvoiceNumber: invoice.InvoiceNumber,
        InvoiceDate: this.today(),
        DueDate: this.today(),
        Comments: `Kredit av leverantörsfaktura ${invoice.GivenNumber}`,
        VAT: -invoice.VAT,
        Total: -invoice.Total,
        SupplierInvoiceRows: costRows.map((row) => ({ ...row, Total: -row.Total })),
      },
      { Credit: true, CreditReference: Number(invoice.GivenNumber) },
    );
    this.bookkeepSupplierInvoice(t, credit.GivenNumber);
    invoice.CreditReference = Number(credit.GivenNumber);
    invoice.Balance = 0;
    this.touchSupplierInvoice(t, invoice);
    return invoice;
  }

  /** A document as its list answers it (CONTRACT.md rule L1). */
  listItem(kind: DocKind, doc: unknown): unknown {
    return listItemOf(kind, doc as Record<string, unknown>);
  }
}

/** A financial year as Fortnox answers it (CONTRACT.md rule Y1). */
export const financialYear = (
  id: number,
  from: string,
  to: string,
  method: FxFinancialYear['AccountingMethod'] = 'ACCRUAL',
): FxFinancialYear => ({
  '@url': `https://api.fortnox.se/3/financialyears/${id}`,
  Id: id,
  FromDate: from,
  ToDate: to,
  AccountingMethod: method,
  AccountChartType: 'BAS 2024',
});

/** A voucher's key in its tenant's register: numbers repeat across financial years (rule Y2). */
export const voucherKey = (yearId: number, series: string, number: string | number) => `${yearId}/${series}/${number}`;

export function termsDays(code: string): number {
  const days = Number(code);
  return Number.isFinite(days) ? days : 30;
}

export function blankCustomer(): FxCustomer {
  return {
    CustomerNumber: '',
    Name: '',
    Type: 'PRIVATE',
    OrganisationNumber: '',
    Active: true,
    Address1: '',
    Address2: '',
    ZipCode: '',
    City: '',
    CountryCode: 'SE',
    Country: 'Sverige',
    DeliveryAddress1: '',
    DeliveryAddress2: '',
    DeliveryZipCode: '',
    DeliveryCity: '',
    DeliveryCountryCode: '',
    Phone1: '',
    Phone2: '',
    Email: '',
    EmailInvoice: '',
    WWW: '',
    Fax: '',
    YourReference: '',
    OurReference: '',
    Comments: '',
    TermsOfPayment: '30',
    TermsOfDelivery: '',
    Currency: 'SEK',
    PriceList: 'A',
    InvoiceDiscount: null,
    InvoiceAdministrationFee: '',
    InvoiceFreight: '',
    VATType: 'SEVAT',
    SalesAccount: '',
    CostCenter: '',
    Project: '',
    GLN: '',
    ExternalReference: '',
    DefaultDeliveryTypes: { Invoice: 'PRINT', Order: 'PRINT', Offer: 'PRINT' },
    DefaultTemplates: {
      Invoice: 'DEFAULTTEMPLATE',
      Order: 'DEFAULTTEMPLATE',
      Offer: 'DEFAULTTEMPLATE',
      CashInvoice: 'DEFAULTTEMPLATE',
    },
  };
}

export function blankSupplier(): FxSupplier {
  return {
    SupplierNumber: '',
    Name: '',
    OrganisationNumber: '',
    Active: true,
    Address1: '',
    Address2: '',
    ZipCode: '',
    City: '',
    CountryCode: 'SE',
    Email: '',
    Phone1: '',
    BG: '',
    PG: '',
    BankAccountNumber: '',
    IBAN: '',
    BIC: '',
    Currency: 'SEK',
    Comments: '',
  };
}

export function blankArticle(): FxArticle {
  return {
    ArticleNumber: '',
    Description: '',
    Type: 'SERVICE',
    Unit: 'st',
    Active: true,
    Expired: false,
    EAN: '',
    Manufacturer: '',
    ManufacturerArticleNumber: '',
    SupplierNumber: '',
    StockGoods: false,
    StockPlace: '',
    QuantityInStock: 0,
    DisposableQuantity: 0,
    StockWarning: 0,
    StockValue: 0,
    SalesAccount: null,
    EUAccount: null,
    ExportAccount: null,
    PurchaseAccount: null,
    VAT: 25,
    SalesPrice: 0,
    PurchasePrice: 0,
    Width: null,
    Height: null,
    Depth: null,
    Weight: null,
    Note: '',
  };
}

export { SimError };
