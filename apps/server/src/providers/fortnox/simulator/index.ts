import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fromStockholmTime } from '../../../lib/stockholm-time';
import { openStateFile } from '../../accounting/simulator-state-file';
import { FORTNOX_ERROR, fortnoxErrorBody } from '../error-codes';
import { ALL_SCOPES, OAuthError, SimAuth, type SimClient, type TokenAnswer } from './auth';
import {
  ARTICLE,
  CONTRACT,
  CUSTOMER,
  checkFields,
  INVOICE,
  INVOICE_PAYMENT,
  ilike,
  PRICE,
  type ResourceFields,
  SCOPE_OF,
  SEARCH_PARAMETERS,
} from './contract';
import { SimFaults } from './faults';
import { renderInvoicePdf } from './pdf';
import { restoreFortnox, snapshotFortnox } from './persist';
import { seedDemoTenant, seedEmptyTenant } from './seed';
import { badRequest, invalidParameter, SimError } from './sim-error';
import { type DocKind, FortnoxSimStore, type SimTenant } from './store';

export type { SimClient, TokenAnswer } from './auth';
export type { FaultMatch } from './faults';
export { SimFaults } from './faults';
export { FortnoxSimStore, type SimTenant } from './store';

export interface SimTenantSpec {
  tenantId: string;
  companyName?: string;
  organisationNumber?: string;
  seed?: 'demo' | 'empty';
}

export interface FortnoxSimulatorOptions {
  /** Data of the default tenant(s): `demo` (a golf club's year of bookkeeping) or `empty`. */
  seed?: 'demo' | 'empty';
  /** Fortnox companies; one demo club (`1234567`) when omitted. */
  tenants?: SimTenantSpec[];
  /** OAuth clients the simulator accepts. */
  clients?: SimClient[];
  /** The simulator's clock (token expiry, `lastmodified`, today's date). */
  now?: () => Date;
  /** Fortnox's per-tenant limit; 25 requests per 5 s sliding window. */
  rateLimit?: { limit: number; windowMs: number };
  host?: string;
  port?: number;
  /**
   * Keeps the data across restarts (demo mode): loaded from this file instead of seeding when it
   * exists, written shortly after every change and on `close()`.
   */
  persistFile?: string;
  /** Warnings about the state file (stderr by default). */
  warn?: (message: string) => void;
  /**
   * What `PUT contracts/{n}/createinvoice` answers: Fortnox's OpenAPI document says the new
   * invoice, public SDKs read the contract (CONTRACT.md rule A1). `contract` by default, so the
   * client is always made to find the invoice it created.
   */
  contractInvoiceAnswer?: 'invoice' | 'contract';
}

export interface SimRequestLog {
  method: string;
  path: string;
  status: number;
  tenantId: string | null;
  at: number;
}

export interface FortnoxSimulator {
  /** Base URL; the API is under `${url}/3`, OAuth under `${url}/oauth-v1`. */
  url: string;
  apiBaseUrl: string;
  authBaseUrl: string;
  store: FortnoxSimStore;
  auth: SimAuth;
  faults: SimFaults;
  /** Every API request answered (or dropped), oldest first. */
  log: SimRequestLog[];
  /** Tokens for a tenant as if the consent flow had just run. */
  issueTokens(tenantId?: string, clientId?: string): TokenAnswer;
  defaultTenantId: string;
  close(): Promise<void>;
}

export const SIM_DEFAULT_CLIENT: SimClient = { clientId: 'fairway-sim-client', clientSecret: 'fairway-sim-secret' };
export const SIM_DEFAULT_TENANT = '1234567';

const WRAPPERS: Record<string, [plural: string, singular: string]> = {
  customers: ['Customers', 'Customer'],
  articles: ['Articles', 'Article'],
  invoices: ['Invoices', 'Invoice'],
  invoicepayments: ['InvoicePayments', 'InvoicePayment'],
  contracts: ['Contracts', 'Contract'],
  vouchers: ['Vouchers', 'Voucher'],
  orders: ['Orders', 'Order'],
  units: ['Units', 'Unit'],
  pricelists: ['PriceLists', 'PriceList'],
  prices: ['Prices', 'Price'],
  costcenters: ['CostCenters', 'CostCenter'],
  projects: ['Projects', 'Project'],
  termsofpayments: ['TermsOfPayments', 'TermsOfPayment'],
  termsofdeliveries: ['TermsOfDeliveries', 'TermsOfDelivery'],
};

const KEY_FIELD: Record<DocKind, string> = {
  customers: 'CustomerNumber',
  articles: 'ArticleNumber',
  invoices: 'DocumentNumber',
  invoicepayments: 'Number',
  contracts: 'DocumentNumber',
  vouchers: 'VoucherNumber',
  orders: 'DocumentNumber',
};

interface Answer {
  status: number;
  body?: unknown;
  pdf?: Buffer;
  headers?: Record<string, string>;
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An in-process Fortnox: the API v3 paths, bodies, paging and error shapes, the
 * apps.fortnox.se OAuth endpoints, the 25-per-5-seconds limit per tenant, and injectable faults.
 */
export async function startFortnoxSimulator(options: FortnoxSimulatorOptions = {}): Promise<FortnoxSimulator> {
  const clock = options.now ?? (() => new Date());
  const now = () => clock().getTime();
  const store = new FortnoxSimStore(clock);
  const clients = options.clients ?? [SIM_DEFAULT_CLIENT];
  const auth = new SimAuth(clients, now);
  const faults = new SimFaults(auth);
  const rate = options.rateLimit ?? { limit: 25, windowMs: 5_000 };
  const windows = new Map<string, number[]>();
  const log: SimRequestLog[] = [];
  const sockets = new Set<Socket>();

  const specs = options.tenants ?? [
    { tenantId: SIM_DEFAULT_TENANT, companyName: 'Fairway Demo GK', organisationNumber: '802004-1234' },
  ];
  const stateFile = options.persistFile
    ? openStateFile({
        path: options.persistFile,
        simulator: 'fortnox',
        snapshot: () => snapshotFortnox(store, auth),
        restore: restoreFortnox,
        warn: options.warn,
      })
    : null;
  const saved = stateFile?.load();
  if (saved) {
    for (const tenant of saved.tenants) store.tenants.set(tenant.tenantId, tenant);
    auth.importState(saved.auth);
  } else {
    for (const [i, spec] of specs.entries()) {
      if ((spec.seed ?? options.seed ?? 'demo') === 'demo')
        seedDemoTenant(store, spec.tenantId, spec.companyName, spec.organisationNumber, 4711 + i);
      else seedEmptyTenant(store, spec.tenantId, spec.companyName, spec.organisationNumber);
    }
    // Written at once: a process killed before the first change still restarts with these ids.
    stateFile?.changed();
  }
  if (stateFile) auth.onChange = () => stateFile.changed();

  /** Reads leave the data as it was; every other request (and sending, which marks the invoice) may change it. */
  const changes = (method: string, path: string) =>
    method !== 'GET' || /^\/3\/invoices\/[^/]+\/(email|einvoice|print)$/.test(path);

  /** Sliding window per tenant; answers the seconds to wait when full, else records the request. */
  function takeRate(tenantId: string): number {
    const t = now();
    const events = (windows.get(tenantId) ?? []).filter((at) => at > t - rate.windowMs);
    windows.set(tenantId, events);
    if (events.length >= rate.limit) return Math.max(1, Math.ceil((events[0] + rate.windowMs - t) / 1000));
    events.push(t);
    return 0;
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(res: ServerResponse, answer: Answer) {
    const headers: Record<string, string> = { ...answer.headers };
    if (answer.pdf) {
      headers['content-type'] = 'application/pdf';
      res.writeHead(answer.status, headers).end(answer.pdf);
      return;
    }
    headers['content-type'] = 'application/json; charset=utf-8';
    res.writeHead(answer.status, headers).end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  }

  // ---- OAuth ------------------------------------------------------------------------------

  function consentPage(params: URLSearchParams): string {
    const client = params.get('client_id') ?? '';
    const options = [...store.tenants.values()]
      .map(
        (t) =>
          `<option value="${html(t.tenantId)}">${html(t.company.CompanyName)} (${html(t.company.OrganizationNumber)})</option>`,
      )
      .join('');
    const hidden = ['client_id', 'redirect_uri', 'scope', 'state', 'access_type', 'response_type', 'account_type']
      .map((name) => `<input type="hidden" name="${name}" value="${html(params.get(name) ?? '')}">`)
      .join('');
    return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Fortnox – Godkänn integration</title></head>
<body><main><h1>Godkänn integration</h1>
<p>Integrationen <strong>${html(client)}</strong> begär behörighet till: ${html((params.get('scope') ?? '').split(' ').join(', '))}.</p>
<form method="post" action="/oauth-v1/auth">${hidden}
<label>Företag <select name="tenant">${options}</select></label>
<button type="submit" name="decision" value="approve">Godkänn</button>
<button type="submit" name="decision" value="deny">Avbryt</button>
</form></main></body></html>`;
  }

  function redirectWith(redirectUri: string, params: Record<string, string>): string {
    const target = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return target.toString();
  }

  async function handleOAuth(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (url.pathname === '/oauth-v1/auth' && req.method === 'GET') {
      const params = url.searchParams;
      const clientId = params.get('client_id') ?? '';
      const redirectUri = params.get('redirect_uri') ?? '';
      if (!auth.clients.has(clientId) || !/^https?:\/\//.test(redirectUri) || params.get('response_type') !== 'code') {
        res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!doctype html><p>Auth code or ClientID supplied is invalid</p>');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(consentPage(params));
      return;
    }
    if (url.pathname === '/oauth-v1/auth' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const clientId = form.get('client_id') ?? '';
      const redirectUri = form.get('redirect_uri') ?? '';
      const state = form.get('state') ?? '';
      if (!auth.clients.has(clientId) || !/^https?:\/\//.test(redirectUri)) {
        res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!doctype html><p>Auth code or ClientID supplied is invalid</p>');
        return;
      }
      if (form.get('decision') !== 'approve') {
        res
          .writeHead(302, {
            location: redirectWith(redirectUri, {
              error: 'access_denied',
              error_description: 'The user denied the request',
              state,
            }),
          })
          .end();
        return;
      }
      const tenantId = form.get('tenant') ?? '';
      if (!store.tenants.has(tenantId)) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>Okänt företag</p>');
        return;
      }
      const scope = (form.get('scope') || ALL_SCOPES.join(' ')).trim();
      const code = auth.approve({ clientId, tenantId, redirectUri, scope, service: form.get('account_type') === 'service' });
      stateFile?.saveNow();
      res.writeHead(302, { location: redirectWith(redirectUri, { code, state }) }).end();
      return;
    }
    if (url.pathname === '/oauth-v1/token' && req.method === 'POST') {
      try {
        const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
        const [clientId, clientSecret] =
          scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8').split(':') : ['', ''];
        auth.checkClient(clientId ?? '', clientSecret ?? '');
        const form = new URLSearchParams(await readBody(req));
        let answer: TokenAnswer;
        switch (form.get('grant_type')) {
          case 'authorization_code':
            answer = auth.exchangeCode(clientId, form.get('code') ?? '', form.get('redirect_uri') ?? '');
            break;
          case 'refresh_token':
            answer = auth.refresh(clientId, form.get('refresh_token') ?? '');
            break;
          case 'client_credentials':
            answer = auth.clientCredentials(clientId, String(req.headers.tenantid ?? ''));
            break;
          default:
            throw new OAuthError(400, 'unsupported_grant_type', 'Unsupported grant type');
        }
        // The rotated tokens are on disk before the client sees them.
        stateFile?.saveNow();
        send(res, { status: 200, body: answer, headers: { 'cache-control': 'no-store' } });
      } catch (error) {
        if (error instanceof OAuthError)
          send(res, { status: error.status, body: { error: error.error, error_description: error.description } });
        else throw error;
      }
      return;
    }
    send(res, { status: 404, body: { error: 'not_found' } });
  }

  // ---- API --------------------------------------------------------------------------------

  function parseJson(raw: string, singular: string): Record<string, unknown> {
    let parsed: unknown;
    try {
      parsed = raw ? JSON.parse(raw) : undefined;
    } catch {
      throw badRequest(FORTNOX_ERROR.jsonSyntax, 'Error deserializing JSON: JSON_ERROR_SYNTAX');
    }
    const inner = (parsed as Record<string, unknown> | undefined)?.[singular];
    if (!inner || typeof inner !== 'object' || Array.isArray(inner))
      throw badRequest(FORTNOX_ERROR.incorrectData, 'Ingen eller felaktig typ av data.');
    return inner as Record<string, unknown>;
  }

  function list(t: SimTenant, kind: string, params: URLSearchParams): Answer {
    const limitText = params.get('limit');
    const pageText = params.get('page');
    const limit = limitText === null ? 100 : Number(limitText);
    const page = pageText === null ? 1 : Number(pageText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500 || !Number.isInteger(page) || page < 1) throw invalidParameter();
    const [plural] = WRAPPERS[kind];
    let items: unknown[];
    if (kind in KEY_FIELD) {
      const docKind = kind as DocKind;
      let stored = store.documents(t, docKind);
      const lastModified = params.get('lastmodified');
      if (lastModified !== null) {
        const since = fromStockholmTime(lastModified);
        if (!since) throw invalidParameter();
        stored = stored.filter((s) => s.modifiedAt >= since.getTime());
      }
      let docs = stored.map((s) => s.doc as Record<string, unknown>);
      docs = filterDocs(docKind, docs, params);
      docs = sortDocs(docKind, docs, params);
      items = docs.map((doc) => store.listItem(docKind, doc));
    } else {
      items = codeList(t, kind);
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

  function codeList(t: SimTenant, kind: string): unknown[] {
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
      default:
        throw invalidParameter();
    }
  }

  function filterDocs(kind: DocKind, docs: Record<string, unknown>[], params: URLSearchParams): Record<string, unknown>[] {
    const today = store.today();
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
        if (filter === 'cancelled') docs = docs.filter((d) => d.Cancelled === true);
        else if (filter !== null) throw invalidParameter();
        break;
      default:
        break;
    }
    return docs;
  }

  function sortDocs(kind: DocKind, docs: Record<string, unknown>[], params: URLSearchParams): Record<string, unknown>[] {
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

  /** CONTRACT.md rules F1, F2, R1: the body checked against the resource's published fields. */
  function checked(kind: string, body: Record<string, unknown>, creating: boolean): Record<string, unknown> {
    const fields: ResourceFields | undefined = {
      customers: CUSTOMER,
      articles: ARTICLE,
      invoices: INVOICE,
      invoicepayments: INVOICE_PAYMENT,
      contracts: CONTRACT,
      prices: PRICE,
    }[kind];
    return fields ? checkFields(body, fields, creating) : body;
  }

  async function route(
    t: SimTenant,
    method: string,
    segments: string[],
    params: URLSearchParams,
    rawBody: string,
  ): Promise<Answer> {
    const [kind, id, action, extra] = segments;
    const wrap = (value: unknown, status = 200): Answer => ({ status, body: { [WRAPPERS[kind]?.[1] ?? kind]: value } });
    const invoice = (value: unknown, status = 200): Answer => ({ status, body: { Invoice: value } });

    if (kind === 'companyinformation' && !id && method === 'GET') return { status: 200, body: { CompanyInformation: t.company } };
    if (!WRAPPERS[kind]) throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');
    const singular = WRAPPERS[kind][1];

    if (!id) {
      if (method === 'GET') return list(t, kind, params);
      if (method === 'POST') {
        const body = checked(kind, parseJson(rawBody, singular), true);
        switch (kind) {
          case 'customers':
            return wrap(store.createCustomer(t, body), 201);
          case 'articles':
            return wrap(store.createArticle(t, body), 201);
          case 'invoices':
            return wrap(store.createInvoice(t, body), 201);
          case 'invoicepayments':
            return wrap(store.createPayment(t, body), 201);
          case 'contracts':
            return wrap(store.createContract(t, body), 201);
          case 'prices':
            return wrap(store.createPrice(t, body), 201);
        }
      }
      throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
    }

    if (kind === 'vouchers') {
      // Vouchers are addressed by series and number: /3/vouchers/{series}/{number}.
      if (method !== 'GET' || !action || extra)
        throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
      const stored = t.vouchers.get(`${id}${action}`);
      if (!stored) throw new SimError(404, FORTNOX_ERROR.noValidIdentifier, 'Kan inte hitta verifikationen');
      return wrap(stored.doc);
    }
    if (kind === 'prices') {
      // CONTRACT.md rule P1: /3/prices/{PriceList}/{ArticleNumber}[/{FromQuantity}].
      if (!action) throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');
      const fromQuantity = extra ?? '0';
      if (method === 'GET') return wrap(store.getPrice(t, id, action, fromQuantity));
      if (method === 'PUT')
        return wrap(store.updatePrice(t, id, action, fromQuantity, checked(kind, parseJson(rawBody, singular), false)));
      throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
    }
    if (extra) throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');

    if (!action) {
      if (method === 'GET') {
        switch (kind) {
          case 'customers':
            return wrap(store.getCustomer(t, id));
          case 'articles':
            return wrap(store.getArticle(t, id));
          case 'invoices':
            return wrap(store.getInvoice(t, id));
          case 'invoicepayments':
            return wrap(store.getPayment(t, id));
          case 'contracts':
            return wrap(store.getContract(t, id));
          case 'orders': {
            const stored = t.orders.get(id);
            if (!stored) throw new SimError(404, FORTNOX_ERROR.noValidIdentifier, 'Kan inte hitta ordern');
            return wrap(stored.doc);
          }
        }
      }
      if (method === 'PUT') {
        const body = checked(kind, parseJson(rawBody, singular), false);
        switch (kind) {
          case 'customers':
            return wrap(store.updateCustomer(t, id, body));
          case 'articles':
            return wrap(store.updateArticle(t, id, body));
          case 'invoices':
            return wrap(store.updateInvoice(t, id, body));
          case 'contracts':
            return wrap(store.updateContract(t, id, body));
        }
      }
      throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
    }

    if (kind === 'invoices' && method === 'PUT') {
      switch (action) {
        case 'bookkeep':
          return invoice(store.bookkeepInvoice(t, id));
        case 'cancel':
          return invoice(store.cancelInvoice(t, id));
        case 'credit':
          return invoice(store.creditInvoice(t, id));
        case 'externalprint':
          return invoice(store.sendInvoice(t, id, 'EXTERNALPRINT'));
      }
    }
    if (kind === 'invoices' && method === 'GET') {
      switch (action) {
        case 'email':
          return invoice(store.sendInvoice(t, id, 'EMAIL'));
        case 'einvoice':
          return invoice(store.sendInvoice(t, id, 'EINVOICE'));
        case 'print': {
          const doc = store.sendInvoice(t, id, 'PRINT');
          return { status: 200, pdf: await renderInvoicePdf(t.company, doc) };
        }
        case 'preview':
          return { status: 200, pdf: await renderInvoicePdf(t.company, store.getInvoice(t, id)) };
      }
    }
    if (kind === 'invoicepayments' && method === 'PUT' && action === 'bookkeep') return wrap(store.bookkeepPayment(t, id));
    if (kind === 'contracts' && method === 'PUT') {
      if (action === 'finish') return wrap(store.finishContract(t, id));
      if (action === 'createinvoice') {
        const made = store.createInvoiceFromContract(t, id);
        // CONTRACT.md rule A1: the answer is the invoice or the contract, as the sources disagree.
        return options.contractInvoiceAnswer === 'invoice' ? invoice(made) : wrap(store.getContract(t, id));
      }
    }
    throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let tenantId: string | null = null;
    const record = (status: number) => log.push({ method, path, status, tenantId, at: now() });
    const rawBody = await readBody(req);

    const delay = faults.take(['delay'], method, path);
    if (delay) await sleep(delay.delayMs);
    const hang = faults.take(['hang'], method, path);
    if (hang) {
      record(0);
      return; // Never answered; close() drops the connection.
    }
    const injected = faults.take(['status'], method, path);
    if (injected) {
      record(injected.status);
      if (injected.status === 429) {
        send(res, {
          status: 429,
          body: { message: 'Too Many Requests' },
          headers: { 'retry-after': String(injected.retryAfterSeconds ?? 1) },
        });
      } else {
        send(res, { status: injected.status, body: fortnoxErrorBody(FORTNOX_ERROR.systemException, 'System exception') });
      }
      return;
    }

    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) {
      record(401);
      send(res, {
        status: 401,
        body: fortnoxErrorBody(FORTNOX_ERROR.missingToken, 'Kan inte logga in, access-token eller client-secret saknas(2).'),
      });
      return;
    }
    const access = auth.verify(token);
    if (access === 'invalid' || access === 'expired') {
      record(401);
      send(res, { status: 401, body: fortnoxErrorBody(FORTNOX_ERROR.invalidLogin, 'Ogiltig inloggning') });
      return;
    }
    tenantId = access.tenantId;
    const tenant = store.tenants.get(access.tenantId);
    if (!tenant) {
      record(401);
      send(res, { status: 401, body: fortnoxErrorBody(FORTNOX_ERROR.invalidLogin, 'Ogiltig inloggning') });
      return;
    }
    const wait = takeRate(access.tenantId);
    if (wait > 0) {
      record(429);
      send(res, { status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': String(wait) } });
      return;
    }
    if (!tenant.apiLicence) {
      record(403);
      send(res, { status: 403, body: fortnoxErrorBody(FORTNOX_ERROR.apiLicenceMissing, 'Api-licens saknas.') });
      return;
    }
    const segments = path
      .replace(/^\/3\/?/, '')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    const scope = SCOPE_OF[segments[0] ?? ''];
    if (scope && !access.scope.split(' ').includes(scope)) {
      record(403);
      send(res, { status: 403, body: fortnoxErrorBody(FORTNOX_ERROR.noAccessToScope, 'Har inte behörighet för scope') });
      return;
    }

    const crash = faults.take(['crash'], method, path);
    let answer: Answer;
    try {
      answer = await route(tenant, method, segments, url.searchParams, rawBody);
    } catch (error) {
      if (!(error instanceof SimError)) throw error;
      answer = { status: error.status, body: error.body() };
    }
    // On disk before the answer leaves (or the connection drops): a confirmed write survives kill -9.
    if (stateFile && changes(method, path)) stateFile.saveNow();
    if (crash && answer.status < 300) {
      record(0);
      req.socket.destroy();
      return;
    }
    record(answer.status);
    send(res, answer);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const work = url.pathname.startsWith('/oauth-v1/')
      ? handleOAuth(req, res, url)
      : url.pathname.startsWith('/3/')
        ? handleApi(req, res, url)
        : Promise.resolve(
            send(res, { status: 404, body: fortnoxErrorBody(FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.') }),
          );
    work.catch((error: unknown) => {
      if (!res.headersSent)
        send(res, {
          status: 500,
          body: fortnoxErrorBody(FORTNOX_ERROR.systemException, `System exception: ${(error as Error).message}`),
        });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const defaultTenantId = specs[0].tenantId;

  return {
    url,
    apiBaseUrl: `${url}/3`,
    authBaseUrl: `${url}/oauth-v1`,
    store,
    auth,
    faults,
    log,
    defaultTenantId,
    issueTokens: (tenantId = defaultTenantId, clientId = clients[0].clientId) => auth.issue(clientId, tenantId),
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await stateFile?.close();
    },
  };
}
