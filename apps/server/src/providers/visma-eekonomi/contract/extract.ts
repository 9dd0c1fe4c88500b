import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes `visma-eaccounting-v2.subset.json` beside this file from Visma's published Swagger 2.0
 * document (README.md in this folder says where it comes from): the operations the client and the
 * simulator use, with each operation's scopes (Visma writes them into the description, "Requires
 * any of the following scopes"), its query parameters, body and answer, and every definition they
 * reach. Operations the 2018 document lacks but Visma's current reference has are added from
 * SUPPLEMENT, each marked `x-source`.
 *
 *   npx tsx apps/server/src/providers/visma-eekonomi/contract/extract.ts <swagger.json>
 */

type Json = Record<string, unknown>;

/** The operations the portal's client calls and the simulator answers: `METHOD path` as the document spells it. */
export const OPERATIONS = [
  'GET /v2/companysettings',
  'GET /v2/units',
  'GET /v2/termsofpayments',
  'GET /v2/deliveryterms',
  'GET /v2/costcenters',
  'GET /v2/projects',
  'GET /v2/articlelabels',
  'GET /v2/articleaccountcodings',
  'GET /v2/bankaccounts',
  'GET /v2/customers',
  'POST /v2/customers',
  'GET /v2/customers/{customerId}',
  'PUT /v2/customers/{customerId}',
  'GET /v2/articles',
  'POST /v2/articles',
  'GET /v2/articles/{articleId}',
  'PUT /v2/articles/{articleId}',
  'GET /v2/customerinvoicedrafts',
  'POST /v2/customerinvoicedrafts',
  'GET /v2/customerinvoicedrafts/{invoiceDraftId}',
  'PUT /v2/customerinvoicedrafts/{customerInvoiceDraftId}',
  'DELETE /v2/customerinvoicedrafts/{customerInvoiceDraftId}',
  'POST /v2/customerinvoicedrafts/{customerInvoiceDraftId}/convert',
  'GET /v2/customerinvoices',
  'GET /v2/customerinvoices/{invoiceId}',
  'GET /v2/customerinvoices/{invoiceId}/pdf',
  'POST /v2/customerinvoices/{invoiceId}/payments',
  'GET /v2/customerledgeritems',
  'GET /v2/vouchers',
  'POST /v2/vouchers',
  'GET /v2/orders',
  'GET /v2/orders/{id}',
  'GET /v2/suppliers',
  'GET /v2/suppliers/{supplierId}',
  'GET /v2/supplierinvoices',
  'GET /v2/supplierinvoices/{supplierInvoiceId}',
] as const;

/**
 * Visma's current API reference has these; the 2018 document does not. Their shapes are the
 * reference's (CustomerInvoicesV2_SendEmail answers the invoice, CustomerInvoicesV2_Print
 * produces application/pdf; EmailApi's four fields are all optional).
 */
const SUPPLEMENT = {
  operations: {
    'POST /v2/customerinvoices/{invoiceId}/email': {
      operationId: 'CustomerInvoicesV2_SendEmail',
      scopes: ['ea:sales'],
      'x-source': "Visma's current API reference (CustomerInvoicesV2_SendEmail); not in the 2018 document",
      parameters: [
        { name: 'invoiceId', in: 'path', required: true, type: 'string', format: 'uuid' },
        { name: 'emailApi', in: 'body', required: true, schema: { $ref: '#/definitions/EmailApi' } },
      ],
      produces: ['application/json'],
      responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/CustomerInvoiceApi' } } },
    },
    'GET /v2/customerinvoices/{invoiceId}/print': {
      operationId: 'CustomerInvoicesV2_Print',
      scopes: ['ea:sales', 'ea:sales_readonly'],
      'x-source': "Visma's current API reference (CustomerInvoicesV2_Print); not in the 2018 document",
      parameters: [{ name: 'invoiceId', in: 'path', required: true, type: 'string', format: 'uuid' }],
      produces: ['application/pdf'],
      responses: { '200': { description: 'OK', schema: { type: 'file' } } },
    },
  },
  /** Properties the current reference documents on a 2018 definition, merged into it. */
  properties: {
    ArticleApi: {
      IsStock: { type: 'boolean', 'x-source': "Visma's current API reference (ArticleApi.IsStock)" },
      StockLocationReference: { type: 'string', 'x-source': "Visma's current API reference (ArticleApi.StockLocationReference)" },
      StockValue: { type: 'number', format: 'double', 'x-source': "Visma's current API reference (ArticleApi.StockValue)" },
      CreatedUtc: { type: 'string', format: 'date-time', 'x-source': "Visma's current API reference (ArticleApi.CreatedUtc)" },
      Barcodes: {
        type: 'array',
        items: { $ref: '#/definitions/ArticleBarcodeApi' },
        'x-source': "Visma's current API reference (ArticleApi.Barcodes)",
      },
    },
  },
  definitions: {
    ArticleBarcodeApi: {
      type: 'object',
      'x-source': "Visma's current API reference (ArticleBarcodeApi)",
      properties: { Barcode: { type: 'string' }, BarcodeType: { type: 'integer', format: 'int32' } },
    },
    EmailApi: {
      type: 'object',
      'x-source': "Visma's current API reference (EmailApi); not in the 2018 document",
      properties: {
        Email: { type: 'string', description: "Default: the customer's e-mail address" },
        CcRecipients: { type: 'array', items: { type: 'string' }, description: "Default: the customer's cc addresses" },
        Subject: { type: 'string' },
        Message: { type: 'string' },
      },
    },
  },
} as const;

/** "<p>Requires any of the following scopes: <br><b>ea:sales, ea:sales_readonly</b></p>…" → the scopes. */
export function scopesOf(description: string): string[] {
  const match = description.match(/Requires any of the following scopes:\s*<br><b>([^<]*)<\/b>/);
  return match
    ? (match[1] as string)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

function refsIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v.replace('#/definitions/', ''));
      else refsIn(v, into);
    }
  }
}

export function extract(swagger: Json): Json {
  const paths = swagger.paths as Record<string, Record<string, Json>>;
  const allDefinitions = swagger.definitions as Record<string, Json>;
  const operations: Record<string, Json> = {};
  for (const key of OPERATIONS) {
    const [method, route] = key.split(' ') as [string, string];
    const op = paths[route]?.[method.toLowerCase()];
    if (!op) throw new Error(`${key} is not in the document`);
    operations[key] = {
      operationId: op.operationId,
      scopes: scopesOf(String(op.description ?? '')),
      parameters: op.parameters ?? [],
      produces: op.produces ?? [],
      responses: op.responses,
    };
  }
  Object.assign(operations, SUPPLEMENT.operations);
  const wanted = new Set<string>();
  refsIn(operations, wanted);
  const definitions: Record<string, unknown> = {};
  const queue = [...wanted];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (name in definitions) continue;
    const definition = (SUPPLEMENT.definitions as Record<string, unknown>)[name] ?? (allDefinitions[name] as unknown | undefined);
    if (!definition) throw new Error(`definition ${name} is not in the document`);
    const extra = (SUPPLEMENT.properties as Record<string, Json>)[name];
    definitions[name] = extra
      ? { ...(definition as Json), properties: { ...((definition as Json).properties as Json), ...extra } }
      : definition;
    const more = new Set<string>();
    refsIn(definitions[name], more);
    queue.push(...[...more].filter((n) => !(n in definitions)));
  }
  return {
    'x-source':
      'Visma eAccounting API v2, Swagger 2.0 as served by the sandbox in 2018 (see README.md); only the operations and definitions Fairway uses, plus the SUPPLEMENT of extract.ts',
    info: swagger.info,
    operations,
    definitions: Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2];
  if (!source) {
    console.error('usage: extract.ts <visma-eaccounting-v2.swagger.json>');
    process.exit(2);
  }
  const subset = extract(JSON.parse(readFileSync(source, 'utf8')) as Json);
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'visma-eaccounting-v2.subset.json');
  writeFileSync(target, `${JSON.stringify(subset, null, 1)}\n`);
  console.log(
    `wrote ${target}: ${Object.keys(subset.operations as Json).length} operations, ${Object.keys(subset.definitions as Json).length} definitions`,
  );
}
