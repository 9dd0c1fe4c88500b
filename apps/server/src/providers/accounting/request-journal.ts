/**
 * Our own record of the writes a provider asked the accounting program for: what was asked (with
 * what we knew before sending, e.g. the invoice's payments at the time) and what came back. It
 * exists for writes the program has no field of ours for (payments in Fortnox, invoices and
 * payments in Visma eEkonomi): after a lost answer, or a restart between the program's answer and
 * ours, the provider reads the record and matches on what the program does store, comparing
 * exactly, instead of asking a second time.
 *
 * The portal's implementation is a table (modules/accounting/connection/request-journal.repository.ts),
 * so the record outlives the process; tests and the simulator-only paths use `createMemoryRequestJournal`.
 * Records are per club account; `key` is the caller's idempotency key (`CreateOptions.externalRef`).
 */

/** The writes recorded. A credit's key is the credited invoice's reference. */
export type RequestOperation = 'invoice' | 'credit' | 'payment';

export interface RequestRecord {
  operation: RequestOperation;
  key: string;
  /** What was asked, as compared after a lost answer (the provider's own shape; kept small). */
  asked: unknown;
  askedAt: Date;
  /** The program's id of what came back (Fortnox payment number; Visma invoice or voucher id), once known. */
  answer: string | null;
}

export interface RequestJournal {
  find(operation: RequestOperation, key: string): Promise<RequestRecord | null>;
  /** Records the ask before it is sent; an existing record of the key is kept as it was (its first ask counts). */
  begin(operation: RequestOperation, key: string, asked: unknown, at: Date): Promise<RequestRecord>;
  /** Records what came back. */
  complete(operation: RequestOperation, key: string, answer: string): Promise<void>;
  /**
   * Which of `ids` (the candidates of a lost answer) records of `operation` already hold, so they
   * are excluded when matching; only those ids are looked up, not every answer on record.
   */
  claimed(operation: RequestOperation, ids: readonly string[]): Promise<Set<string>>;
  /** The record that holds a program id, if any (reads answer the portal's reference from it). */
  byAnswer(operation: RequestOperation, answer: string): Promise<RequestRecord | null>;
}

/** Completed records older than this may be pruned: a retry comes within hours, not weeks. */
export const REQUEST_JOURNAL_KEEP_DAYS = 30;

/**
 * A journal in this process's memory: for tests and the simulator-only paths. A restart loses it,
 * so the portal's connections get the table's (modules/accounting/connection/accounting-for.ts).
 */
export function createMemoryRequestJournal(): RequestJournal {
  const records = new Map<string, RequestRecord>();
  const id = (operation: RequestOperation, key: string) => `${operation}:${key}`;
  return {
    async find(operation, key) {
      return records.get(id(operation, key)) ?? null;
    },
    async begin(operation, key, asked, at) {
      const existing = records.get(id(operation, key));
      if (existing) return existing;
      const record: RequestRecord = { operation, key, asked, askedAt: at, answer: null };
      records.set(id(operation, key), record);
      return record;
    },
    async complete(operation, key, answer) {
      const record = records.get(id(operation, key));
      if (record) record.answer = answer;
      else records.set(id(operation, key), { operation, key, asked: null, askedAt: new Date(), answer });
    },
    async claimed(operation, ids) {
      const wanted = new Set(ids);
      return new Set(
        [...records.values()]
          .filter((r) => r.operation === operation && r.answer !== null && wanted.has(r.answer))
          .map((r) => r.answer as string),
      );
    },
    async byAnswer(operation, answer) {
      return [...records.values()].find((r) => r.operation === operation && r.answer === answer) ?? null;
    },
  };
}
