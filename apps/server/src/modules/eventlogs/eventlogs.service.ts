import type { EventLog, EventLogsListQuery, EventResource, EventType } from '@fairway/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { renderFailure } from '../../lib/failure';
import { isMessageKey, type Lang, type MessageKey, type MessageParam, type MessageParams, messages, t } from '../../lib/i18n';
import { type AuthContext, isSystemCaller } from '../../plugins/auth';
import type { Tenant } from '../organizations/tenant';
import { type EventLogRow, insertEventLog, listEventLogs, userDisplayName } from './eventlogs.repository';

export { userDisplayName };

/**
 * Who did it, as an activity's `{user}`: the user's name, or for the system (plugins/auth.ts
 * `systemCaller`) its name in the reader's language.
 */
export async function actorOf(conn: Db | Tx, caller: Pick<AuthContext, 'userId'>): Promise<MessageParam> {
  if (isSystemCaller(caller)) return { ...messages['eventlogs.system'] };
  return userDisplayName(conn, caller.userId);
}

export interface LogEventInput {
  organisationId: string;
  /** The club account the event concerns (e.g. the one whose accounting program was called). */
  clubAccountId?: string | null;
  resource: EventResource;
  /** The invoice number the event concerns, as the accounting program or GIT knows it. */
  invoice?: string | null;
  /** A server message key (rendered per reader with `params`) or a plain text. */
  activity: MessageKey | (string & {});
  params?: MessageParams;
  /** What went wrong (for ERROR entries), as `encodeFailure` (lib/failure.ts) stores it. */
  error?: string | null;
  type: EventType;
}

const ACTIVITY_MAX = 1000;
const ERROR_MAX = 2000;
const INVOICE_MAX = 100;

/**
 * Writes one event log entry (docs/messages.md#event-log). Every job and integration calls this: inside the
 * transaction of the change it describes when there is one (so the entry exists exactly when the
 * change does), else with the plain db handle.
 */
export async function logEvent(conn: Db | Tx, input: LogEventInput): Promise<string> {
  return insertEventLog(conn, {
    organisationId: input.organisationId,
    clubAccountId: input.clubAccountId ?? null,
    resource: input.resource,
    invoice: input.invoice?.slice(0, INVOICE_MAX) ?? null,
    activity: input.activity.slice(0, ACTIVITY_MAX),
    params: input.params ?? {},
    error: input.error?.slice(0, ERROR_MAX) ?? null,
    type: input.type,
  });
}

/**
 * For jobs, after their work is done: a failure to log is reported in the server log and never
 * thrown, so a job whose work succeeded is not retried (and repeated) because of its log entry.
 */
export async function logEventQuietly(db: Db, log: FastifyBaseLogger, input: LogEventInput): Promise<void> {
  try {
    await logEvent(db, input);
  } catch (error) {
    log.error({ err: error, event: { ...input, params: undefined } }, 'could not write the event log entry');
  }
}

/** A stored key with params in the reader's language; plain text stays as it was written. */
export function renderText(text: string, lang: Lang, params: MessageParams): string {
  return isMessageKey(text) ? t(text, lang, params) : text;
}

export function toEventLog(row: EventLogRow, lang: Lang): EventLog {
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    resource: row.resource,
    invoice: row.invoice,
    activity: renderText(row.activity, lang, row.params),
    error: renderFailure(row.error, lang),
    type: row.type,
    clubAccountId: row.clubAccountId,
  };
}

/**
 * Message keys whose Swedish or English text contains `search` (placeholders left as written).
 * Any feature's activity keys count (e.g. `subscriptions.event.*`), not only this module's.
 */
function keysMatching(search: string): string[] {
  const needle = search.toLocaleLowerCase('sv-SE');
  return Object.entries(messages as Record<string, { sv: string; en: string }>)
    .filter(([, text]) => text.sv.toLocaleLowerCase('sv-SE').includes(needle) || text.en.toLocaleLowerCase('en').includes(needle))
    .map(([key]) => key);
}

export async function getEventLogs(db: Db, tenant: Tenant, query: EventLogsListQuery, lang: Lang) {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await listEventLogs(
    db,
    tenant,
    { ...filter, activityKeys: filter.search ? keysMatching(filter.search) : undefined },
    { page, pageSize },
  );
  return { data: rows.map((row) => toEventLog(row, lang)), pagination: { page, pageSize, total } };
}
