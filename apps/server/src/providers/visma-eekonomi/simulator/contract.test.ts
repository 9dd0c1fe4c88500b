import Ajv, { type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantInvoiceFields } from '../../../../test/fixtures/accounting-fields';
import { IN_MEMORY } from '../../../config';
import { createPgliteDatabase, type Database } from '../../../db/client';
import { createRateLimiter, VISMA_EEKONOMI_RATE_LIMIT } from '../../accounting/rate-limiter';
import { CONTRACT, pageItemSchema, responseSchema, type Schema } from '../contract/contract';
import { createVismaEekonomiProvider } from '../provider';
import { startVismaSimulator, type VismaExchange, type VismaSimulator } from './index';

/**
 * The simulator against Visma's published contract (contract/README.md), checked with ajv, a JSON
 * Schema validator that shares no code with the simulator's own checks (validate.ts):
 *
 * - every request body the simulator accepted is valid against the operation's body definition;
 * - every answer it gave is valid against the operation's 200 schema, with no property the
 *   definition lacks (JSON.NET writes absent values as null, so properties outside `required`
 *   may be null);
 * - every list operation of the document answers its `PaginatedResponse[X]` envelope, with the
 *   metadata complete and consistent and each item valid, on the first, a middle and a past-the-end page;
 * - requests that break the document are refused with Visma's error body.
 */

type Json = Record<string, unknown>;

/** The contract's definitions as JSON Schema: for answers strict (no other properties, nulls only where optional). */
function jsonSchemas(strictAnswers: boolean): Json {
  const convert = (schema: Schema, nullable: boolean): Json => {
    const out: Json = {};
    if (schema.$ref) {
      const ref = { $ref: `contract#/definitions/${schema.$ref.replace('#/definitions/', '')}` };
      return nullable ? { anyOf: [ref, { type: 'null' }] } : ref;
    }
    for (const key of ['format', 'maxLength', 'minLength', 'maximum', 'minimum'] as const)
      if (schema[key] !== undefined) out[key] = schema[key];
    if (schema.enum) out.enum = nullable ? [...schema.enum, null] : schema.enum;
    if (schema.type === 'file') return {};
    if (schema.type) out.type = nullable ? [schema.type, 'null'] : schema.type;
    if (schema.items) out.items = convert(schema.items, false);
    if (schema.properties) {
      const required = new Set(schema.required ?? []);
      out.type = nullable ? ['object', 'null'] : 'object';
      out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, convert(v, !required.has(k))]));
      if (schema.required) out.required = schema.required;
      if (strictAnswers) out.additionalProperties = false;
    }
    return out;
  };
  return {
    $id: 'contract',
    definitions: Object.fromEntries(Object.entries(CONTRACT.definitions).map(([k, v]) => [k, convert(v, false)])),
  };
}

function validator(strictAnswers: boolean) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  // Requests: what JSON.NET reads into a DateTime; answers: how Visma writes one.
  ajv.addFormat(
    'date-time',
    strictAnswers
      ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/
      : /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/,
  );
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addSchema(jsonSchemas(strictAnswers));
  const cache = new Map<string, ValidateFunction>();
  /** A JSON Schema of its own, whose `$ref`s name the contract's definitions (`contract#/definitions/X`). */
  const compile = (schema: object): ValidateFunction => {
    const key = JSON.stringify(schema);
    let fn = cache.get(key);
    if (!fn) {
      fn = ajv.compile(schema);
      cache.set(key, fn);
    }
    return fn;
  };
  return Object.assign(
    (schema: Schema): ValidateFunction =>
      compile(schema.$ref ? { $ref: `contract#/definitions/${schema.$ref.replace('#/definitions/', '')}` } : (schema as object)),
    { compile },
  );
}

const requests = validator(false);
const answers = validator(true);

let sim: VismaSimulator;
let database: Database;
const exchanges: VismaExchange[] = [];

beforeAll(async () => {
  database = await createPgliteDatabase(IN_MEMORY);
  await database.executeSql(
    'create table provider_rate_events (id bigserial primary key, key text not null, at timestamptz not null); create index on provider_rate_events (key, at);',
  );
  sim = await startVismaSimulator({ seed: 'demo', onExchange: (e) => exchanges.push(e) });
});
afterAll(async () => {
  await sim.close();
  await database.close();
});

function provider() {
  const { accessToken } = sim.grantConsent();
  return createVismaEekonomiProvider({
    apiBaseUrl: sim.apiBaseUrl,
    auth: { get: async () => accessToken, refreshAfterRejection: async () => accessToken },
    limiter: createRateLimiter(database.db, VISMA_EEKONOMI_RATE_LIMIT),
    rateKey: `visma_eekonomi:contract:${Math.random()}`,
    retryBaseMs: 10,
  });
}

const invoice = restaurantInvoiceFields('1001', [
  {
    articleNumber: null,
    description: 'Tack för besöket',
    quantityHundredths: 0,
    unit: null,
    priceOre: 0,
    vatPercent: 0,
    discountBasisPoints: 0,
    costCenter: null,
    project: null,
  },
]);

async function raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const { accessToken } = sim.grantConsent();
  const response = await fetch(`${sim.apiBaseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Json | null };
}

describe('the Visma eEkonomi simulator against the published contract', () => {
  it('accepts only requests the document allows and answers only what it documents, through the whole chain', async () => {
    const p = provider();
    await p.companyInformation();
    await p.codeLists.units();
    const base = await p.customers.get('1001');
    const customer = await p.customers.create(
      { ...base, number: undefined, name: 'Kontraktet AB', organisationNumber: '556000-0002', notes: 'Via portalen' },
      { externalRef: 'contract-cust' },
    );
    await p.customers.update(customer.number, { phone1: '0155-11 22 33' });
    const article = await p.articles.create(
      { ...(await p.articles.get('S201')), number: undefined, description: 'Kontraktshandske' },
      { externalRef: 'contract-art' },
    );
    await p.articles.update(article.number, { salesPriceOre: 25_900 });
    const made = await p.invoices.create(invoice, { externalRef: 'contract-inv' });
    await p.invoices.send(made.number, 'email');
    await p.invoices.send(made.number, 'print');
    await p.invoices.registerPayment(
      made.number,
      { paymentDate: '2026-05-20', amountOre: 10_000 },
      { externalRef: 'contract-pay' },
    );
    await p.invoices.credit(made.number);
    await p.invoices.pdf(made.number);
    await p.invoices.list({ pageSize: 20, modifiedSince: '2020-01-01T00:00:00Z' });
    await p.invoicePayments.list({ pageSize: 20 });
    await p.vouchers.list({ pageSize: 20 });
    await p.orders.list({ pageSize: 20 });

    const operations = new Set(exchanges.map((e) => e.operation));
    for (const needed of [
      'POST /v2/customers',
      'PUT /v2/customers/{customerId}',
      'POST /v2/articles',
      'POST /v2/customerinvoicedrafts',
      'POST /v2/customerinvoicedrafts/{customerInvoiceDraftId}/convert',
      'POST /v2/customerinvoices/{invoiceId}/email',
      'GET /v2/customerinvoices/{invoiceId}/print',
      'POST /v2/customerinvoices/{invoiceId}/payments',
      'GET /v2/bankaccounts',
      'GET /v2/vouchers',
      'GET /v2/orders',
    ])
      expect(operations.has(needed), needed).toBe(true);

    const problems: string[] = [];
    for (const e of exchanges.filter((x) => x.status === 200)) {
      const op = CONTRACT.operations[e.operation];
      if (!op) {
        problems.push(`${e.operation}: not in the contract`);
        continue;
      }
      const bodySchema = op.parameters.find((param) => param.in === 'body')?.schema;
      if (bodySchema) {
        const check = requests(bodySchema);
        if (!check(e.requestBody)) problems.push(`${e.operation} request: ${ajvText(check)}`);
      }
      const answer = op.responses['200']?.schema;
      if (answer && answer.type !== 'file' && answer.type !== 'object') {
        const check = answers(answer);
        if (!check(e.response)) problems.push(`${e.operation} answer: ${ajvText(check)}`);
      }
    }
    expect(problems).toEqual([]);
    // List answers are among those checked: the envelope (PaginatedResponse[X]) and each item.
    const lists = exchanges.filter((e) => {
      const op = CONTRACT.operations[e.operation];
      return e.status === 200 && op !== undefined && pageItemSchema(op) !== null;
    });
    expect([...new Set(lists.map((e) => e.operation))]).toEqual(
      expect.arrayContaining(['GET /v2/customers', 'GET /v2/customerinvoices', 'GET /v2/vouchers', 'GET /v2/bankaccounts']),
    );
  }, 60_000);

  it('answers every list operation with the documented envelope and items, on every page', async () => {
    // JSON.NET writes every property, so the envelope's two and the metadata's are always there:
    // beyond the document's schema (which leaves them optional), none may be absent or null.
    const meta = Object.keys(CONTRACT.definitions.PaginationMetadata?.properties ?? {});
    expect(meta).toEqual(['CurrentPage', 'PageSize', 'TotalNumberOfPages', 'TotalNumberOfResults', 'ServerTimeUtc']);
    const lists = Object.entries(CONTRACT.operations).filter(([, op]) => pageItemSchema(op) !== null);
    expect(lists.map(([key]) => key)).toEqual(expect.arrayContaining(['GET /v2/customers', 'GET /v2/customerledgeritems']));
    const problems: string[] = [];
    for (const [key, op] of lists) {
      const path = (key.split(' ')[1] as string).replace(/^\/v2/, '');
      const envelope = answers.compile({
        allOf: [{ $ref: `contract#/definitions/${responseSchema(op)?.$ref?.replace('#/definitions/', '')}` }],
        type: 'object',
        required: ['Meta', 'Data'],
        properties: {
          Meta: {
            type: 'object',
            required: meta,
            properties: Object.fromEntries(meta.map((m) => [m, { not: { type: 'null' } }])),
          },
          Data: { type: 'array' },
        },
      });
      const all = await raw('GET', `${path}?$pagesize=1000`);
      expect(all.status, `${key}: ${JSON.stringify(all.body)}`).toBe(200);
      const total = (all.body as { Meta: { TotalNumberOfResults: number } }).Meta.TotalNumberOfResults;
      for (const [page, size] of [
        [1, null],
        [1, 1000],
        [2, 2],
        [Math.ceil(total / 2) + 1, 2],
      ] as const) {
        const query = size === null ? '' : `?$page=${page}&$pagesize=${size}`;
        const answer = await raw('GET', `${path}${query}`);
        if (answer.status !== 200 || !envelope(answer.body)) {
          problems.push(`${key}${query}: ${answer.status} ${ajvText(envelope)}`);
          continue;
        }
        const pageSize = size ?? 50;
        const data = answer.body?.Data as unknown[];
        expect(answer.body?.Meta, `${key}${query}`).toMatchObject({
          CurrentPage: page,
          PageSize: pageSize,
          TotalNumberOfResults: total,
          TotalNumberOfPages: Math.ceil(total / pageSize),
        });
        expect(data.length, `${key}${query}`).toBe(Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)));
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    [
      'a payment without its bank account and type',
      'POST',
      'payments',
      { PaymentDate: '2026-05-20', PaymentAmount: 10, PaymentCurrency: 'SEK' },
      /CompanyBankAccountId field is required/,
    ],
    [
      'a payment type outside the enum',
      'POST',
      'payments',
      { CompanyBankAccountId: null, PaymentDate: '2026-05-20', PaymentAmount: 10, PaymentCurrency: 'SEK', PaymentType: 7 },
      /required|one of/,
    ],
    [
      'a customer without IsActive',
      'POST',
      'customers',
      { Name: 'X', TermsOfPaymentId: null, InvoicePostalCode: '1', InvoiceCity: 'Y', IsPrivatePerson: false },
      /required/,
    ],
    [
      'a customer name over 50 characters',
      'POST',
      'customers',
      {
        Name: 'x'.repeat(51),
        IsActive: true,
        TermsOfPaymentId: '00000000-0000-0000-0000-000000000000',
        InvoicePostalCode: '1',
        InvoiceCity: 'Y',
        IsPrivatePerson: false,
      },
      /maximum length of 50/,
    ],
    [
      'a draft without the invoice address',
      'POST',
      'drafts',
      {
        CustomerId: '00000000-0000-0000-0000-000000000000',
        RotReducedInvoicingType: 0,
        EuThirdParty: false,
        CustomerIsPrivatePerson: false,
      },
      /InvoiceCustomerName field is required/,
    ],
    [
      'a GUID that is none',
      'POST',
      'drafts',
      {
        CustomerId: 'kund-1',
        InvoiceCustomerName: 'X',
        InvoicePostalCode: '1',
        InvoiceCity: 'Y',
        InvoiceCountryCode: 'SE',
        RotReducedInvoicingType: 0,
        EuThirdParty: false,
        CustomerIsPrivatePerson: false,
      },
      /Guid/,
    ],
  ])('refuses %s with ErrorCode 2000', async (_, method, target, body, message) => {
    const anInvoice = [...sim.store.invoices.values()].find((i) => !i.IsCreditInvoice && i.RemainingAmount > 0);
    const path =
      target === 'payments'
        ? `/customerinvoices/${anInvoice?.Id}/payments`
        : target === 'customers'
          ? '/customers'
          : '/customerinvoicedrafts';
    const answer = await raw(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ErrorCode: 2000,
      DeveloperErrorMessage: expect.stringMatching(message),
      ErrorId: expect.any(String),
    });
  });

  it('drops a ReferringInvoiceId sent on a draft, as the document has none: only Visma itself links a credit note', async () => {
    const original = [...sim.store.invoices.values()].find(
      (i) => !i.IsCreditInvoice && ![...sim.store.invoices.values()].some((c) => c.ReferringInvoiceId === i.Id),
    );
    const customer = sim.store.customers.get(original?.CustomerId as string);
    const draft = await raw('POST', '/customerinvoicedrafts', {
      CustomerId: customer?.Id,
      IsCreditInvoice: true,
      ReferringInvoiceId: original?.Id,
      InvoiceCustomerName: customer?.Name,
      InvoicePostalCode: customer?.InvoicePostalCode,
      InvoiceCity: customer?.InvoiceCity,
      InvoiceCountryCode: 'SE',
      RotReducedInvoicingType: 0,
      EuThirdParty: false,
      CustomerIsPrivatePerson: false,
      Rows: [
        {
          LineNumber: 0,
          IsTextRow: false,
          ArticleId: original?.Rows.find((r) => r.ArticleId)?.ArticleId,
          Text: 'Kredit',
          Quantity: -1,
          ReversedConstructionServicesVatFree: false,
        },
      ],
    });
    expect(draft.status).toBe(200);
    expect(draft.body).not.toHaveProperty('ReferringInvoiceId');
    const credit = await raw('POST', `/customerinvoicedrafts/${draft.body?.Id}/convert`, {});
    expect(credit).toMatchObject({ status: 200, body: { IsCreditInvoice: true, ReferringInvoiceId: null } });
    expect(sim.store.invoices.get(original?.Id as string)?.RemainingAmount).toBe(original?.RemainingAmount);
  });

  it('refuses OData it does not document: functions, quoted GUIDs, unknown $ options; ignores other parameters', async () => {
    const contains = await raw('GET', `/customers?$filter=${encodeURIComponent("contains(Note,'fw:')")}`);
    expect(contains).toMatchObject({ status: 400, body: { ErrorCode: 2000 } });
    const id = [...sim.store.customers.values()][0]?.Id;
    const quoted = await raw('GET', `/customerinvoices?$filter=${encodeURIComponent(`CustomerId eq '${id}'`)}`);
    expect(quoted).toMatchObject({ status: 400, body: { DeveloperErrorMessage: expect.stringMatching(/Edm.Guid/) } });
    const bare = await raw('GET', `/customerinvoices?$filter=${encodeURIComponent(`CustomerId eq ${id}`)}`);
    expect(bare.status).toBe(200);
    expect((await raw('GET', '/customers?$top=5')).status).toBe(400);
    expect((await raw('GET', `/customers?$filter=${encodeURIComponent("BuyersOrderReference eq 'x'")}`)).status).toBe(400);
    const ignored = await raw('GET', '/customers?modifiedSinceUtc=2999-01-01&$pagesize=1');
    expect(ignored).toMatchObject({ status: 200, body: { Meta: { TotalNumberOfResults: sim.store.customers.size } } });
  });

  it('answers print only to a client that accepts a PDF, and 403 to a token without the scope', async () => {
    const id = [...sim.store.invoices.values()][0]?.Id;
    expect((await raw('GET', `/customerinvoices/${id}/print`, undefined, { accept: 'application/json' })).status).toBe(406);
    const { accessToken } = sim.grantConsent('ea:api ea:sales');
    const vouchers = await fetch(`${sim.apiBaseUrl}/vouchers`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(vouchers.status).toBe(403);
    expect(await vouchers.json()).toMatchObject({ ErrorCode: 4006 });
    const banks = await fetch(`${sim.apiBaseUrl}/bankaccounts`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(banks.status).toBe(403);
  });
});

function ajvText(check: ValidateFunction): string {
  return (check.errors ?? [])
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    )
    .join('; ');
}
