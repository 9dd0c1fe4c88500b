import type { IncomingMessage, ServerResponse } from 'node:http';
import type { openStateFile } from '../../accounting/simulator-state-file';
import type { SimAuth } from './auth';
import type { SimFaults } from './faults';
import type { FortnoxSimStore } from './store';

/** What one answer of the simulator is: JSON, or a PDF. */
export interface Answer {
  status: number;
  body?: unknown;
  pdf?: Buffer;
  headers?: Record<string, string>;
}

export interface SimRequestLog {
  method: string;
  path: string;
  status: number;
  tenantId: string | null;
  at: number;
}

/** What the request handlers share, made once per simulator (index.ts). */
export interface SimContext {
  store: FortnoxSimStore;
  auth: SimAuth;
  faults: SimFaults;
  log: SimRequestLog[];
  now: () => number;
  stateFile: ReturnType<typeof openStateFile> | null;
  /** Fortnox's limit per tenant: the seconds to wait when full, else 0 (the request is counted). */
  takeRate(tenantId: string): number;
  contractInvoiceAnswer: 'invoice' | 'contract' | undefined;
}

export const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function send(res: ServerResponse, answer: Answer) {
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.pdf) {
    headers['content-type'] = 'application/pdf';
    res.writeHead(answer.status, headers).end(answer.pdf);
    return;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  res.writeHead(answer.status, headers).end(answer.body === undefined ? '' : JSON.stringify(answer.body));
}

/** Reads leave the data as it was; every other request (and sending, which marks the invoice) may change it. */
export const changes = (method: string, path: string) =>
  method !== 'GET' || /^\/3\/invoices\/[^/]+\/(email|einvoice|print)$/.test(path);
