/**
 * Our own record of the documents the portal asked Visma to create: what was asked (and when) and
 * what came back. Visma's published contract has no field for a caller's reference on invoices
 * and payments (contract/README.md), so after an answer that was lost the provider matches on
 * what Visma stores — customer, date, amount, rows, the invoice a payment belongs to — comparing
 * exactly, and only against documents made after the ask that no other entry already claims.
 */

export type JournalKind = 'invoice' | 'credit' | 'payment';

export interface JournalEntry {
  kind: JournalKind;
  externalRef: string;
  /** What was asked, as compared after a lost answer (the provider's own shape). */
  asked: unknown;
  askedAt: Date;
  /** Visma's id of what came back (invoice id; a payment's voucher id), once known. */
  vismaId: string | null;
}

export interface VismaWriteJournal {
  get(kind: JournalKind, externalRef: string): Promise<JournalEntry | null>;
  /** Records the ask; an existing entry of the reference is kept as it was (its first ask counts). */
  ask(kind: JournalKind, externalRef: string, asked: unknown, at: Date): Promise<JournalEntry>;
  answered(kind: JournalKind, externalRef: string, vismaId: string): Promise<void>;
  /** The Visma ids that entries of `kind` already claim (excluded when matching a lost answer). */
  claimed(kind: JournalKind): Promise<Set<string>>;
  /** The entry that claims a Visma id, if any (reads answer the portal's reference from it). */
  byVismaId(kind: JournalKind, vismaId: string): Promise<JournalEntry | null>;
}

/** A journal in this process's memory, shared by every provider instance of one company (registry.ts). */
export function createMemoryJournal(): VismaWriteJournal {
  const entries = new Map<string, JournalEntry>();
  const key = (kind: JournalKind, ref: string) => `${kind}:${ref}`;
  return {
    async get(kind, externalRef) {
      return entries.get(key(kind, externalRef)) ?? null;
    },
    async ask(kind, externalRef, asked, at) {
      const existing = entries.get(key(kind, externalRef));
      if (existing) return existing;
      const entry: JournalEntry = { kind, externalRef, asked, askedAt: at, vismaId: null };
      entries.set(key(kind, externalRef), entry);
      return entry;
    },
    async answered(kind, externalRef, vismaId) {
      const entry = entries.get(key(kind, externalRef));
      if (entry) entry.vismaId = vismaId;
      else entries.set(key(kind, externalRef), { kind, externalRef, asked: null, askedAt: new Date(), vismaId });
    },
    async claimed(kind) {
      return new Set([...entries.values()].filter((e) => e.kind === kind && e.vismaId).map((e) => e.vismaId as string));
    },
    async byVismaId(kind, vismaId) {
      return [...entries.values()].find((e) => e.kind === kind && e.vismaId === vismaId) ?? null;
    },
  };
}
