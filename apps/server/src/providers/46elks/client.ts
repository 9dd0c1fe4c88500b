import { setTimeout as sleep } from 'node:timers/promises';
import { countSms, storableDeep, storableText } from '@fairway/shared';
import type { z } from 'zod';
import { backoffMs, parseRetryAfter, retryAfterJitterMs } from '../retry';
import { SmsProviderError, type SmsProviderErrorKind } from './errors';
import {
  ELKS_API_URL,
  type ElksSms,
  type ElksSmsStatus,
  elksSmsPageSchema,
  elksSmsSchema,
  formatElksTime,
  parseElksTime,
} from './wire';

/**
 * The 46elks SMS API over HTTP (CONTRACT.md): HTTP Basic auth with the API username and password,
 * form-encoded requests, JSON answers and plain-text errors. Every attempt has its own timeout and
 * transient failures are tried again with the provider clients' retry policy (providers/retry.ts).
 *
 * Sending is not idempotent (46elks takes no key to recognise a repeat), so a send is only repeated
 * when that cannot send it twice (rule C1): after a 429 or a connection that was never made, at
 * once; after a timeout, a dropped connection or a 5xx, only once 46elks' history says the SMS is
 * not there. A 4xx other than 429 says the request is wrong and is never repeated.
 */

export interface ElksLogger {
  warn(obj: object, msg: string): void;
}

export interface ElksClientOptions {
  /** `https://api.46elks.com/a1` unless told, e.g. a simulator's `apiUrl`. */
  apiUrl?: string;
  username: string;
  password: string;
  /** Per attempt, answer included; default 15 s. */
  timeoutMs?: number;
  /** Further attempts after a transient failure; default 4. */
  maxRetries?: number;
  /** First backoff step; doubles each attempt, plus jitter. Default 500 ms. */
  retryBaseMs?: number;
  /** A `Retry-After` longer than this is not waited for: the send fails as rate limited. Default 60 s. */
  maxRetryAfterMs?: number;
  /** How far 46elks' clock may be behind ours when the history is searched for a lost answer. Default 2 min. */
  clockSkewMs?: number;
  logger?: ElksLogger;
}

export interface OutgoingSms {
  /** A text sender ID or one of the account's numbers in E.164 (`smsSenderSchema` of @fairway/shared). */
  from: string;
  /** The recipient in E.164 (`toSmsNumber` of @fairway/shared). */
  to: string;
  message: string;
  /** Where 46elks POSTs the delivery reports (delivery-report.ts reads them). */
  whenDelivered?: string;
  /** Checked and priced by 46elks, not sent and not charged. */
  dryRun?: boolean;
}

export interface SentSms {
  /** 46elks' id of the SMS; null for a dry run. */
  id: string | null;
  status: ElksSmsStatus;
  from: string;
  to: string;
  /** The parts 46elks split it into, which it bills; our own count when it did not say. */
  parts: number;
  /** What it cost (a dry run: would cost) in 10000ths of the account's currency; null when not told. */
  cost: number | null;
  /** When 46elks created it (ISO, UTC); null for a dry run. */
  created: string | null;
  dryRun: boolean;
  /** Found in 46elks' history after the answer to the send was lost, rather than in that answer. */
  recovered: boolean;
}

export interface ElksSmsRecord {
  id: string;
  status: ElksSmsStatus | null;
  direction: string | null;
  from: string;
  to: string;
  /** Null when it was sent with `dontlog=message`. */
  message: string | null;
  created: string | null;
  deliveredAt: string | null;
  cost: number | null;
}

export interface ElksClient {
  /** Sends one SMS; throws `SmsProviderError` (see `maybeSent`). */
  send(sms: OutgoingSms): Promise<SentSms>;
  /** One SMS by 46elks' id. */
  get(id: string): Promise<ElksSmsRecord>;
  /**
   * The newest SMS with exactly this sender, recipient and text that 46elks created since `since`
   * (less the clock skew allowance), or null: how a caller that lost track of a send (a crash, an
   * error with `maybeSent`) learns whether it went out before sending it again.
   */
  findSent(sms: Pick<OutgoingSms, 'from' | 'to' | 'message'>, since: Date): Promise<SentSms | null>;
  /** HTTP requests made so far, retries and look-ups included. */
  readonly attempts: number;
}

type AttemptResult =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'failed'; error: unknown; timedOut: boolean; notSent: boolean };

/** Connection errors that mean the request never reached 46elks, so repeating it cannot send twice. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** 46elks' error bodies are plain text: keep a readable, bounded sentence of it. */
function detailOf(text: string): string | undefined {
  const cleaned = storableText(text).replace(/\s+/g, ' ').trim();
  return cleaned === '' ? undefined : cleaned.slice(0, 300);
}

/** A non-2xx answer in the portal's terms (rule E1). */
function answerError(status: number, text: string, extra: { maybeSent?: boolean; notFound?: boolean } = {}): SmsProviderError {
  const detail = detailOf(text);
  const options = { providerStatus: status, detail, maybeSent: extra.maybeSent ?? false };
  let kind: SmsProviderErrorKind = 'invalid';
  if (status === 401) kind = 'unauthorized';
  else if (status === 403) kind = 'forbidden';
  else if (status === 404 && extra.notFound) kind = 'not_found';
  else if (status === 429) kind = 'rate_limited';
  else if (status >= 500) kind = 'unavailable';
  return new SmsProviderError(kind, options);
}

function toRecord(sms: ElksSms & { id: string }): ElksSmsRecord {
  return {
    id: sms.id,
    status: sms.status ?? null,
    direction: sms.direction ?? null,
    from: sms.from,
    to: sms.to,
    message: sms.message ?? null,
    created: sms.created ? (parseElksTime(sms.created) as Date).toISOString() : null,
    deliveredAt: sms.delivered ? (parseElksTime(sms.delivered) as Date).toISOString() : null,
    cost: sms.cost ?? null,
  };
}

export function createElksClient(options: ElksClientOptions): ElksClient {
  const base = (options.apiUrl ?? ELKS_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRetries = options.maxRetries ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const clockSkewMs = options.clockSkewMs ?? 120_000;
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  let attempts = 0;

  async function attempt(method: 'GET' | 'POST', url: string, body?: string): Promise<AttemptResult> {
    attempts++;
    try {
      const response = await fetch(url, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body,
        // A redirect is an answer, not a new address to send the credentials to.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Inside the timeout too: a server that sends headers and then stalls is a timeout.
      const text = await response.text();
      return { kind: 'answer', status: response.status, headers: response.headers, text };
    } catch (error) {
      const timedOut = (error as Error | null)?.name === 'TimeoutError';
      const code = (error as { cause?: { code?: string } } | null)?.cause?.code;
      return { kind: 'failed', error, timedOut, notSent: !timedOut && code !== undefined && NOT_SENT_CODES.has(code) };
    }
  }

  function parseJson<S extends z.ZodType>(schema: S, text: string, maybeSent: boolean): z.infer<S> {
    let json: unknown;
    try {
      // What enters the portal from 46elks is cleaned of text PostgreSQL cannot store, here once.
      json = storableDeep(JSON.parse(text));
    } catch (error) {
      throw new SmsProviderError('bad_response', { maybeSent, cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SmsProviderError('bad_response', { maybeSent, cause: parsed.error });
    return parsed.data;
  }

  /** A read: safe to repeat after any transient failure. */
  async function getJson<S extends z.ZodType>(schema: S, path: string, query: Record<string, string> = {}): Promise<z.infer<S>> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    for (let n = 0; ; n++) {
      const result = await attempt('GET', url.toString());
      if (result.kind === 'failed') {
        options.logger?.warn({ path, attempt: n, err: result.error }, '46elks request failed');
        if (n < maxRetries) {
          await sleep(backoffMs(n, retryBaseMs));
          continue;
        }
        throw new SmsProviderError(result.timedOut ? 'timeout' : 'unavailable', { cause: result.error });
      }
      if (result.status >= 200 && result.status < 300) return parseJson(schema, result.text, false);
      if (result.status === 429 || result.status >= 500) {
        const wait = result.status === 429 ? parseRetryAfter(result.headers.get('retry-after')) : undefined;
        if (n < maxRetries && (wait === undefined || wait <= maxRetryAfterMs)) {
          options.logger?.warn({ path, attempt: n, status: result.status, waitMs: wait }, '46elks answered a transient error');
          await sleep(wait === undefined ? backoffMs(n, retryBaseMs) : wait + retryAfterJitterMs(retryBaseMs));
          continue;
        }
      }
      throw answerError(result.status, result.text, { notFound: true });
    }
  }

  function sentFrom(sms: ElksSms, input: Pick<OutgoingSms, 'message'>, dryRun: boolean, recovered: boolean): SentSms {
    return {
      id: sms.id ?? null,
      status: sms.status ?? 'created',
      from: sms.from,
      to: sms.to,
      parts: sms.parts ?? countSms(input.message).segments,
      cost: (dryRun ? sms.estimated_cost : sms.cost) ?? null,
      created: sms.created ? (parseElksTime(sms.created) as Date).toISOString() : null,
      dryRun,
      recovered,
    };
  }

  async function findSent(sms: Pick<OutgoingSms, 'from' | 'to' | 'message'>, since: Date): Promise<SentSms | null> {
    // Rule H1: `end` takes the SMS created after it, `start` pages on to older ones (`next`).
    const query: Record<string, string> = {
      to: sms.to,
      end: formatElksTime(new Date(since.getTime() - clockSkewMs)),
      limit: '100',
    };
    for (let page = 0; page < 20; page++) {
      const result = await getJson(elksSmsPageSchema, '/sms', query);
      // Newest first: the first match is the latest send of this text.
      const match = result.data.find(
        (item) =>
          item.id !== undefined &&
          (item.direction === undefined || item.direction === 'outgoing') &&
          item.from === sms.from &&
          item.to === sms.to &&
          item.message === sms.message,
      );
      if (match) return sentFrom(match, sms, false, true);
      if (!result.next) return null;
      query.start = result.next;
    }
    return null;
  }

  async function send(sms: OutgoingSms): Promise<SentSms> {
    const dryRun = sms.dryRun === true;
    const form = new URLSearchParams({ from: sms.from, to: sms.to, message: sms.message });
    if (sms.whenDelivered) form.set('whendelivered', sms.whenDelivered);
    if (dryRun) form.set('dryrun', 'yes');
    const body = form.toString();
    /** When the first attempt that may have reached 46elks without us hearing the answer began. */
    let uncertainSince: number | null = null;

    for (let n = 0; ; n++) {
      const startedAt = Date.now();
      const result = await attempt('POST', `${base}/sms`, body);
      let failure: SmsProviderError;
      let ambiguous = false;
      let wait: number | undefined;

      if (result.kind === 'failed') {
        // A dry run sends nothing, so no failure of one is ambiguous.
        ambiguous = !result.notSent && !dryRun;
        failure = new SmsProviderError(result.timedOut ? 'timeout' : 'unavailable', {
          maybeSent: ambiguous,
          cause: result.error,
        });
        options.logger?.warn({ to: sms.to, attempt: n, timedOut: result.timedOut, err: result.error }, '46elks send failed');
      } else if (result.status >= 200 && result.status < 300) {
        const answer = parseJson(elksSmsSchema, result.text, !dryRun);
        if (!dryRun && !answer.id) throw new SmsProviderError('bad_response', { maybeSent: true, detail: 'no id in the answer' });
        return sentFrom(answer, sms, dryRun, false);
      } else if (result.status === 429) {
        // Refused before anything was done: sending again cannot send twice.
        wait = parseRetryAfter(result.headers.get('retry-after'));
        failure = new SmsProviderError('rate_limited', {
          providerStatus: 429,
          detail: detailOf(result.text),
          retryAfterMs: wait,
        });
        if (wait !== undefined && wait > maxRetryAfterMs) throw failure;
        options.logger?.warn({ to: sms.to, attempt: n, waitMs: wait }, '46elks rate limited');
      } else if (result.status >= 500) {
        ambiguous = !dryRun;
        failure = answerError(result.status, result.text, { maybeSent: ambiguous });
        options.logger?.warn({ to: sms.to, attempt: n, status: result.status }, '46elks server error');
      } else {
        // Rule E1: the request is wrong (or the account may not): never repeated.
        throw answerError(result.status, result.text);
      }

      if (ambiguous) uncertainSince ??= startedAt;
      if (n >= maxRetries && !ambiguous) throw failure;
      await sleep(wait === undefined ? backoffMs(n, retryBaseMs) : wait + retryAfterJitterMs(retryBaseMs));
      if (ambiguous) {
        // Rule C1: did the SMS go out although we never heard so? Then that is the answer.
        let found: SentSms | null;
        try {
          found = await findSent(sms, new Date(uncertainSince ?? startedAt));
        } catch (error) {
          throw new SmsProviderError(failure.kind, { maybeSent: true, cause: error });
        }
        if (found) return found;
        // Not in the history either. Out of attempts, the SMS may still appear (46elks was slow to
        // store it): the caller looks again later before sending it again.
        if (n >= maxRetries) throw failure;
      }
    }
  }

  return {
    send,
    async get(id) {
      const sms = await getJson(elksSmsSchema, `/sms/${encodeURIComponent(id)}`);
      if (!sms.id) throw new SmsProviderError('bad_response', { detail: 'no id in the answer' });
      return toRecord(sms as ElksSms & { id: string });
    },
    findSent,
    get attempts() {
      return attempts;
    },
  };
}
