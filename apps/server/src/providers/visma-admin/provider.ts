import { createHash } from 'node:crypto';
import { AccountingError } from '../accounting/errors';
import type { AccountingProvider, CodeLists, ListQuery } from '../accounting/provider';
import { toAccountingError } from './connector-errors';
import {
  type CodeListName,
  type ConnectorError,
  type ListQueryPayload,
  MAX_PAGE_SIZE,
  OPERATIONS,
  type Operation,
  type OperationPayloads,
  type OperationResults,
} from './protocol';
import type { ConnectorQueue, ConnectorState, QueuedWork } from './queue';
import { RESULT_SCHEMAS } from './result-schemas';
import { signalQueued, waitForFinished } from './work-signals';

export interface VismaAdminProviderOptions {
  /** The club account's connector work queue (modules/accounting/connector/connector-queue.ts). */
  queue: ConnectorQueue;
  /** How long a call waits for the connector's answer (default 20 s). */
  waitMs?: number;
  /** How often a waiting call looks at the database when no in-process signal arrives (default 500 ms). */
  pollMs?: number;
}

const DEFAULT_WAIT_MS = 20_000;
const DEFAULT_POLL_MS = 500;

/** A stable text of a JSON value (keys sorted), so equal payloads give equal fingerprints. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function listPayload(query: ListQuery = {}): { query: ListQueryPayload } {
  return {
    query: {
      page: Math.max(1, Math.trunc(query.page ?? 1)),
      pageSize: Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.pageSize ?? 100))),
      modifiedSince: query.modifiedSince ?? null,
    },
  };
}

/**
 * Visma Administration through the club's installed connector (PROTOCOL.md). Each call becomes
 * a work item in `connector_work`; the call waits (20 s by default) for the connector's result.
 *
 * When the connector has never registered or is offline:
 * - reads fail at once with `installation_needed` / `connector_offline` and queue nothing;
 * - writes (creates, updates, actions) are queued first and then fail with the same error, whose
 *   message says the work waits. They run, in the order queued, when the connector returns.
 *   Retrying a create with the same externalRef joins the queued item (and, once it is done,
 *   answers its result without asking Visma again); retrying an identical update or action
 *   while the first is still pending joins it too, so a retry never doubles a change.
 *
 * A write that the (online) connector does not finish within the wait fails with `timeout`
 * ("the change stays queued"); a read that times out is dropped from the queue.
 */
export function createVismaAdminProvider(options: VismaAdminProviderOptions): AccountingProvider {
  const { queue } = options;
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

  function unreachable(state: Exclude<ConnectorState, 'online'>, write: boolean): AccountingError {
    const provider = { provider: 'visma_administration' as const };
    if (state === 'installation_needed')
      return new AccountingError('installation_needed', 'accounting.installationNeeded', undefined, provider);
    return new AccountingError(
      'connector_offline',
      write ? 'accounting.connectorOffline' : 'accounting.connectorOfflineRead',
      undefined,
      provider,
    );
  }

  /** Queues a write once: joins the item of the same create reference, or an identical pending action. */
  async function enqueueWrite(operation: Operation, payload: unknown, externalRef: string | null): Promise<QueuedWork> {
    if (externalRef !== null) {
      const key = `${operation}:${externalRef}`;
      const inserted = await queue.insert({
        operation,
        kind: 'write',
        payload,
        idempotencyKey: key,
        fingerprint: null,
        expiresInSeconds: null,
      });
      if (inserted) return inserted;
      const existing = await queue.findByIdempotencyKey(key);
      if (!existing) throw new Error('connector_work idempotency conflict without a row');
      if (existing.status === 'failed') return (await queue.requeueFailed(existing.id, payload)) ?? existing;
      return existing;
    }
    const fingerprint = createHash('sha256')
      .update(`${operation}\n${stableJson(payload)}`)
      .digest('hex');
    return queue.insertUnlessPending({
      operation,
      kind: 'write',
      payload,
      idempotencyKey: null,
      fingerprint,
      expiresInSeconds: null,
    });
  }

  async function waitForResult(id: string): Promise<QueuedWork | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const row = await queue.find(id);
      if (!row) return null;
      if (row.status === 'done' || row.status === 'failed') return row;
      const left = deadline - Date.now();
      if (left <= 0) return row;
      await waitForFinished(id, Math.min(left, pollMs));
    }
  }

  function answerOf<O extends Operation>(operation: O, row: QueuedWork): OperationResults[O] {
    if (row.status === 'failed') throw toAccountingError(operation, row.error as ConnectorError);
    const parsed = RESULT_SCHEMAS[operation].safeParse(row.result);
    if (!parsed.success) {
      throw new AccountingError('unavailable', 'accounting.connectorBadAnswer', undefined, {
        provider: 'visma_administration',
        providerCode: 'BAD_ANSWER',
        cause: parsed.error,
      });
    }
    return parsed.data as OperationResults[O];
  }

  async function call<O extends Operation>(
    operation: O,
    payload: OperationPayloads[O],
    externalRef: string | null = null,
  ): Promise<OperationResults[O]> {
    const write = OPERATIONS[operation] === 'write';
    const status = await queue.state();
    if (status !== 'online' && !write) throw unreachable(status, false);

    let row: QueuedWork;
    if (write) {
      row = await enqueueWrite(operation, payload, externalRef);
      // A create whose reference already has an answer: the same document, without asking again.
      if (row.status === 'done') return answerOf(operation, row);
    } else {
      const inserted = await queue.insert({
        operation,
        kind: 'read',
        payload,
        idempotencyKey: null,
        fingerprint: null,
        // A claim must not start a read after its caller stopped waiting.
        expiresInSeconds: Math.ceil(waitMs / 1000),
      });
      if (!inserted) throw new Error('connector_work insert returned no row');
      row = inserted;
    }
    signalQueued(queue.clubAccountId);
    if (status !== 'online') throw unreachable(status, true);

    const finished = await waitForResult(row.id);
    if (finished && (finished.status === 'done' || finished.status === 'failed')) return answerOf(operation, finished);
    if (!write) {
      await queue.abandonRead(row.id);
      throw new AccountingError(
        'timeout',
        'accounting.timeout',
        { provider: 'Visma Administration' },
        { provider: 'visma_administration' },
      );
    }
    const now = await queue.state();
    if (now !== 'online') throw unreachable(now, true);
    throw new AccountingError('timeout', 'accounting.connectorWorkQueued', undefined, { provider: 'visma_administration' });
  }

  const codeList = (list: CodeListName) => () => call('codeLists.list', { list });
  const codeLists: CodeLists = {
    units: codeList('units'),
    priceLists: codeList('priceLists'),
    costCenters: codeList('costCenters'),
    projects: codeList('projects'),
    termsOfPayment: codeList('termsOfPayment'),
    termsOfDelivery: codeList('termsOfDelivery'),
  };

  return {
    id: 'visma_administration',
    companyInformation: () => call('company.info', {}),
    codeLists,
    customers: {
      summaryOmits: [],
      list: (query) => call('customers.list', listPayload(query)),
      get: (number) => call('customers.get', { number }),
      create: (fields, { externalRef }) => call('customers.create', { fields, externalRef }, externalRef),
      update: (number, fields) => call('customers.update', { number, fields }),
    },
    articles: {
      summaryOmits: [],
      list: (query) => call('articles.list', listPayload(query)),
      get: (number) => call('articles.get', { number }),
      create: (fields, { externalRef }) => call('articles.create', { fields, externalRef }, externalRef),
      update: (number, fields) => call('articles.update', { number, fields }),
    },
    invoices: {
      summaryOmits: [],
      list: (query) => call('invoices.list', listPayload(query)),
      get: (number) => call('invoices.get', { number }),
      create: (fields, { externalRef }) => call('invoices.create', { fields, externalRef }, externalRef),
      update: (number, fields) => call('invoices.update', { number, fields }),
      bookkeep: (number) => call('invoices.bookkeep', { number }),
      send: (number, method) => call('invoices.send', { number, method }),
      cancel: (number) => call('invoices.cancel', { number }),
      credit: (number) => call('invoices.credit', { number }),
      registerPayment: (number, payment, { externalRef }) =>
        call('invoices.registerPayment', { number, payment, externalRef }, externalRef),
      pdf: async (number) => Buffer.from((await call('invoices.pdf', { number })).contentBase64, 'base64'),
    },
    invoicePayments: {
      list: (query) => call('invoicePayments.list', listPayload(query)),
    },
    contracts: {
      summaryOmits: [],
      list: (query) => call('contracts.list', listPayload(query)),
      get: (number) => call('contracts.get', { number }),
      create: (fields, { externalRef }) => call('contracts.create', { fields, externalRef }, externalRef),
      update: (number, fields) => call('contracts.update', { number, fields }),
      finish: (number) => call('contracts.finish', { number }),
      createInvoice: (number) => call('contracts.createInvoice', { number }),
    },
    vouchers: { summaryOmits: ['rows'], list: (query) => call('vouchers.list', listPayload(query)) },
    orders: { summaryOmits: ['rows'], list: (query) => call('orders.list', listPayload(query)) },
    // Read only: the connector's company model has suppliers and their invoices (leverantörer,
    // leverantörsfakturor) but the protocol carries no write of them (PROTOCOL.md).
    suppliers: {
      summaryOmits: [],
      list: (query) => call('suppliers.list', listPayload(query)),
      get: (number) => call('suppliers.get', { number }),
    },
    supplierInvoices: {
      summaryOmits: [],
      list: (query) => call('supplierInvoices.list', listPayload(query)),
      get: (number) => call('supplierInvoices.get', { number }),
    },
  };
}
