import type { DuplicateDocument, DuplicateResource } from '../../apps/server/src/modules/duplicates/engine';
import { ocrReference } from '../../apps/server/src/providers/fortnox/ocr';
import { createRandom, type Random } from './invoice-data';

/**
 * A labelled ledger for the duplicate benchmark (bench/README.md#duplicates): documents of four
 * resources over three years, some entered twice or three times with the noise people make, and
 * the look-alikes that are not duplicates. `labels[i]` is the position of document i's original
 * (its own position when it has no duplicate), so two documents are a true duplicate pair exactly
 * when their labels are equal.
 */
export type NoiseKind =
  | 'exact'
  | 'reference_typo'
  | 'reference_swap'
  | 'reference_format'
  | 'ocr_swap'
  | 'excl_vat'
  | 'rounded'
  | 'date_moved'
  | 'wrong_counterparty';

/** What made each document, for the figures per kind. */
export const DOCUMENT_KINDS = ['plain', 'duplicate', 'rent', 'instalment', 'credit', 'twin', 'weekly'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DuplicateLedger {
  documents: DuplicateDocument[];
  labels: Int32Array;
  kinds: Uint8Array;
  /** Per document, the noises applied to it as bits (1 << NOISES.indexOf(kind)); 0 for non-duplicates. */
  noiseBits: Uint16Array;
  /** How often each noise was applied to a duplicate. */
  noise: Record<NoiseKind, number>;
}

export interface LedgerOptions {
  documents: number;
  seed?: number;
  /** Share of ordinary documents entered again (a tenth of those a third time). */
  duplicateRate?: number;
  today?: string;
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const VAT_RATES = [0.25, 0.25, 0.25, 0.12, 0.06, 0] as const;
const SUPPLIER_WORDS = ['Bygg', 'Fastighets', 'Rör', 'Konsult', 'Måleri', 'El', 'Transport', 'Städ', 'Golfbil', 'Gräs'];
const TEXTS = ['Material', 'Service', 'Reparation', 'Konsultarvode', 'Förbrukning', 'Leverans', 'Underhåll', 'Licens', 'Frakt'];
const MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
];
const FORMATS = ['F-{n}', '{n}', 'INV{p}', '{y}-{n}', 'Fakt {n}'] as const;

interface Party {
  id: string;
  name: string;
  bankAccount: string;
  format: (typeof FORMATS)[number];
  next: number;
}

function makeParties(r: Random, count: number): Party[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `P-${i + 1}`,
    name: `${r.pick(SUPPLIER_WORDS)} ${i + 1} AB`,
    bankAccount: `${r.int(100, 9999)}-${String(r.int(0, 9999)).padStart(4, '0')}`,
    format: r.pick(FORMATS),
    next: r.int(1000, 90000),
  }));
}

function referenceOf(party: Party, date: string): { reference: string; number: number } {
  const number = party.next++;
  const reference = party.format
    .replace('{n}', String(number))
    .replace('{p}', String(number).padStart(8, '0'))
    .replace('{y}', date.slice(0, 4));
  return { reference, number };
}

/** Amounts of many sizes (log-normal, median ≈ 1,800 kr), with the VAT of one rate. */
function amountWithVat(r: Random): { amount: number; vatAmount: number } {
  const gaussian = Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next());
  const amount = Math.max(100, Math.round(Math.exp(7.5 + 1.3 * gaussian) * 100));
  const rate = r.pick(VAT_RATES);
  return { amount, vatAmount: Math.round((amount * rate) / (1 + rate)) };
}

function rowsFor(r: Random, amount: number): { code: string; amount: number }[] {
  const count = r.int(1, 3);
  const rows: { code: string; amount: number }[] = [];
  let left = amount;
  for (let i = 0; i < count - 1; i++) {
    const part = Math.round(left * r.next() * 0.6);
    rows.push({ code: String(r.int(1, 60)), amount: part });
    left -= part;
  }
  rows.push({ code: String(r.int(1, 60)), amount: left });
  return rows;
}

/** One character replaced by another digit or letter (never the same one). */
export function typo(r: Random, value: string): string {
  const positions = [...value].map((c, i) => (/[0-9A-Za-z]/.test(c) ? i : -1)).filter((i) => i >= 0);
  if (positions.length === 0) return `${value}1`;
  const at = r.pick(positions);
  const c = value[at] as string;
  const next = /\d/.test(c) ? String((Number(c) + r.int(1, 9)) % 10) : c === 'X' ? 'Y' : 'X';
  return value.slice(0, at) + next + value.slice(at + 1);
}

/** Two adjacent different digits swapped; the value itself when it has none. */
export function swapDigits(r: Random, value: string): string {
  const spots: number[] = [];
  for (let i = 0; i < value.length - 1; i++) {
    if (/\d/.test(value[i] as string) && /\d/.test(value[i + 1] as string) && value[i] !== value[i + 1]) spots.push(i);
  }
  if (spots.length === 0) return value;
  const at = r.pick(spots);
  return value.slice(0, at) + value[at + 1] + value[at] + value.slice(at + 2);
}

/** The same reference written another way: case, spaces, dashes, leading zeros. */
export function reformat(r: Random, value: string): string {
  const ways = [
    (v: string) => v.toLowerCase(),
    (v: string) => v.replace(/-/g, ' ').replace(/(\D)(\d)/, '$1 $2'),
    (v: string) => v.replace(/(\d+)/, (d) => `00${d}`),
    (v: string) => v.replace(/\s+/g, '').replace(/^(\D+)(\d)/, '$1-$2'),
  ];
  const changed = r.pick(ways)(value);
  return changed === value ? ` ${value.toLowerCase()}-` : changed;
}

export const NOISES: readonly NoiseKind[] = [
  'exact',
  'reference_typo',
  'reference_swap',
  'reference_format',
  'ocr_swap',
  'excl_vat',
  'rounded',
  'date_moved',
  'wrong_counterparty',
];

export function makeDuplicateLedger(options: LedgerOptions): DuplicateLedger {
  const r = createRandom(options.seed ?? 20);
  const total = options.documents;
  const duplicateRate = options.duplicateRate ?? 0.03;
  const end = Date.parse(`${options.today ?? '2026-11-28'}T12:00:00Z`);
  const start = end - 3 * 365 * DAY;
  const parties = makeParties(r, Math.max(10, Math.round(total / 40)));
  // A few parties get most documents (the wholesaler, the energy company).
  const party = () => parties[Math.floor(parties.length * r.next() ** 2)] as Party;
  const documents: DuplicateDocument[] = [];
  const labels: number[] = [];
  const kinds: number[] = [];
  const noiseBits: number[] = [];
  let lastNoise = 0;
  const noise = Object.fromEntries(NOISES.map((n) => [n, 0])) as Record<NoiseKind, number>;
  let nextId = 1;

  const push = (doc: Omit<DuplicateDocument, 'id'>, kind: DocumentKind, label?: number): number => {
    const position = documents.length;
    documents.push({ id: String(nextId++), ...doc });
    labels.push(label ?? position);
    kinds.push(DOCUMENT_KINDS.indexOf(kind));
    noiseBits.push(kind === 'duplicate' ? lastNoise : 0);
    return position;
  };

  const ordinary = (resource: DuplicateResource, p: Party, at: number): Omit<DuplicateDocument, 'id'> => {
    const date = isoDate(at);
    const { amount, vatAmount } = amountWithVat(r);
    const { reference, number } = referenceOf(p, date);
    const base = {
      resource,
      amount,
      vatAmount,
      date,
      dueDate: isoDate(at + 30 * DAY),
      text: `${r.pick(TEXTS)} ${r.int(1, 400)}`,
    };
    switch (resource) {
      case 'supplier_invoice':
        return {
          ...base,
          counterpartyId: p.id,
          counterpartyName: p.name,
          reference,
          ocr: r.chance(0.7) ? ocrReference(String(number)) : null,
          bankAccount: p.bankAccount,
        };
      case 'invoice':
      case 'order':
        return {
          ...base,
          counterpartyId: p.id,
          counterpartyName: p.name,
          reference: r.chance(0.5) ? `PO ${r.int(10000, 999999)}` : null,
          ocr: ocrReference(String(nextId)),
          rows: rowsFor(r, amount),
          ...(resource === 'order' ? { dueDate: null } : {}),
        };
      default:
        return {
          ...base,
          reference: `Kvitto ${r.int(100000, 9999999)}`,
          vatAmount: null,
          dueDate: null,
          rows: rowsFor(r, amount),
        };
    }
  };

  const duplicateOf = (original: Omit<DuplicateDocument, 'id'>): Omit<DuplicateDocument, 'id'> => {
    const copy: Omit<DuplicateDocument, 'id'> = { ...original };
    // The program numbers customer invoices itself: a second entry has a new OCR.
    if (original.resource === 'invoice') copy.ocr = ocrReference(String(nextId));
    // No noise (15 %), one, or two different ones (35 % of the rest).
    const first = r.pick(NOISES.slice(1));
    const second = r.chance(0.35) ? [r.pick(NOISES.slice(1).filter((n) => n !== first))] : [];
    const chosen = r.chance(0.15) ? ['exact' as const] : [first, ...second];
    lastNoise = 0;
    for (const kind of chosen) {
      if (!applyNoise(kind, copy)) continue;
      noise[kind]++;
      lastNoise |= 1 << NOISES.indexOf(kind);
    }
    // A noise that did not fit the document (no VAT to leave out, no reference) left it exact.
    if (lastNoise === 0) {
      noise.exact++;
      lastNoise = 1 << NOISES.indexOf('exact');
    }
    return copy;
  };

  const applyNoise = (kind: NoiseKind, doc: Omit<DuplicateDocument, 'id'>): boolean => {
    switch (kind) {
      case 'exact':
        return true;
      case 'reference_typo':
      case 'reference_swap':
      case 'reference_format': {
        if (!doc.reference) return false;
        const f = kind === 'reference_typo' ? typo : kind === 'reference_swap' ? swapDigits : reformat;
        doc.reference = f(r, doc.reference);
        return true;
      }
      case 'ocr_swap':
        if (!doc.ocr || doc.resource !== 'supplier_invoice') return false;
        doc.ocr = swapDigits(r, doc.ocr);
        return true;
      case 'excl_vat':
        if (!doc.vatAmount) return false;
        doc.amount -= doc.vatAmount;
        doc.vatAmount = null;
        return true;
      case 'rounded':
        // Öresavrundning: to whole kronor. An amount already whole stays as it was (exact).
        if (doc.amount % 100 === 0) return false;
        doc.amount = Math.round(doc.amount / 100) * 100;
        return true;
      case 'date_moved': {
        const by = r.int(1, 7) * (r.chance(0.5) ? 1 : -1);
        doc.date = isoDate(Date.parse(`${doc.date}T12:00:00Z`) + by * DAY);
        if (doc.dueDate) doc.dueDate = isoDate(Date.parse(`${doc.dueDate}T12:00:00Z`) + by * DAY);
        return true;
      }
      case 'wrong_counterparty': {
        if (doc.resource !== 'supplier_invoice') return false;
        const other = party();
        if (other.id === doc.counterpartyId) return false;
        doc.counterpartyId = other.id;
        doc.counterpartyName = other.name;
        return true;
      }
    }
  };

  const randomDay = () => start + Math.floor(r.next() * (end - start - 40 * DAY));
  const monthly = (
    from: number,
    months: number,
    make: (at: number, i: number) => Omit<DuplicateDocument, 'id'>,
    kind: DocumentKind,
  ) => {
    const first = new Date(from);
    for (let i = 0; i < months && documents.length < total; i++) {
      const at = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1 + r.int(0, 2), 12);
      if (at > end) return;
      push(make(at, i), kind);
    }
  };

  while (documents.length < total) {
    const roll = r.next();
    const p = party();
    if (roll < 0.015) {
      // Rent: the same amount every month, each month its own invoice and OCR.
      const { amount, vatAmount } = amountWithVat(r);
      const byMonth = r.chance(0.3);
      monthly(
        randomDay(),
        r.int(12, 36),
        (at, i) => {
          const date = isoDate(at);
          const { reference, number } = referenceOf(p, date);
          return {
            resource: 'supplier_invoice',
            counterpartyId: p.id,
            counterpartyName: p.name,
            reference: byMonth ? `Hyra ${date.slice(0, 7)}` : reference,
            ocr: ocrReference(String(number)),
            bankAccount: p.bankAccount,
            amount,
            vatAmount,
            date,
            dueDate: isoDate(at + 30 * DAY),
            text: `Hyra ${MONTHS[new Date(at).getUTCMonth()]} ${i > 11 ? 'forts.' : ''}`.trim(),
          };
        },
        'rent',
      );
    } else if (roll < 0.025) {
      // Instalments: one plan in equal parts a month apart, "4711-1", "4711-2"…, often one OCR.
      const { amount, vatAmount } = amountWithVat(r);
      const parts = r.int(3, 6);
      const start = randomDay();
      const { reference, number } = referenceOf(p, isoDate(start));
      const sharedOcr = r.chance(0.5) ? ocrReference(String(number)) : null;
      monthly(
        start,
        parts,
        (at, i) => ({
          resource: 'supplier_invoice',
          counterpartyId: p.id,
          counterpartyName: p.name,
          reference: `${reference}-${i + 1}`,
          ocr: sharedOcr ?? ocrReference(`${number}${i + 1}`),
          bankAccount: p.bankAccount,
          amount: Math.round(amount / parts),
          vatAmount: Math.round(vatAmount / parts),
          date: isoDate(at),
          dueDate: isoDate(at + 30 * DAY),
          text: `Avbetalning ${i + 1} av ${parts}`,
        }),
        'instalment',
      );
    } else if (roll < 0.04) {
      // An invoice and its credit note: the amount negated, often quoting the invoice's reference.
      const resource = r.chance(0.6) ? 'supplier_invoice' : 'invoice';
      const at = randomDay();
      const invoice = ordinary(resource, p, at);
      push(invoice, 'plain');
      const credit = ordinary(resource, p, at + r.int(0, 10) * DAY);
      push(
        {
          ...credit,
          amount: -invoice.amount,
          vatAmount: invoice.vatAmount ? -invoice.vatAmount : null,
          reference: r.chance(0.5) ? invoice.reference : credit.reference,
          ocr: r.chance(0.3) ? invoice.ocr : credit.ocr,
          text: `Kredit ${invoice.text}`,
          rows: invoice.rows?.map((row) => ({ ...row, amount: -row.amount })) ?? null,
        },
        'credit',
      );
    } else if (roll < 0.05) {
      // The same amount on the same day to two counterparties, each with its own reference.
      const at = randomDay();
      const first = ordinary('supplier_invoice', p, at);
      push(first, 'twin');
      let other = party();
      while (other === p) other = party();
      push({ ...ordinary('supplier_invoice', other, at), amount: first.amount, vatAmount: first.vatAmount }, 'twin');
    } else if (roll < 0.055) {
      // A customer buying the same thing every week: same rows and amount, a week apart.
      const at = randomDay();
      const first = ordinary('invoice', p, at);
      for (let week = 0; week < r.int(2, 6) && documents.length < total; week++) {
        const day = at + week * 7 * DAY;
        push(
          { ...first, ocr: ocrReference(String(nextId)), reference: null, date: isoDate(day), dueDate: isoDate(day + 30 * DAY) },
          'weekly',
        );
      }
    } else {
      const resource: DuplicateResource =
        roll < 0.6 ? 'supplier_invoice' : roll < 0.83 ? 'invoice' : roll < 0.95 ? 'order' : 'voucher';
      const doc = ordinary(resource, p, randomDay());
      const position = push(doc, 'plain');
      if (r.chance(duplicateRate)) {
        const copies = r.chance(0.1) ? 2 : 1;
        for (let c = 0; c < copies && documents.length < total; c++) push(duplicateOf(doc), 'duplicate', position);
      }
    }
  }
  documents.length = Math.min(documents.length, total);
  return {
    documents,
    labels: Int32Array.from(labels.slice(0, total)),
    kinds: Uint8Array.from(kinds.slice(0, total)),
    noiseBits: Uint16Array.from(noiseBits.slice(0, total)),
    noise,
  };
}

export { createRandom };

/** A document to check against the history, and the history's documents it duplicates (none for a new one). */
export interface Probe {
  doc: DuplicateDocument;
  duplicates: ReadonlySet<string>;
}

/**
 * Documents arriving after the history: half are another entry of a random earlier supplier
 * invoice (with a typo or swapped digits in its reference, or as it was), half are new documents
 * (a ledger of another seed, ids prefixed "new-").
 */
export function makeProbes(ledger: DuplicateLedger, count: number, seed = 21): Probe[] {
  const r = createRandom(seed);
  const fresh = makeDuplicateLedger({ documents: Math.ceil(count / 2), seed, duplicateRate: 0 }).documents;
  const supplierInvoices: number[] = [];
  ledger.documents.forEach((d, i) => {
    if (d.resource === 'supplier_invoice' && ledger.kinds[i] === DOCUMENT_KINDS.indexOf('plain')) supplierInvoices.push(i);
  });
  const probes: Probe[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 1) {
      const doc = fresh[(i - 1) / 2] as DuplicateDocument;
      probes.push({ doc: { ...doc, id: `new-${doc.id}` }, duplicates: new Set() });
      continue;
    }
    const position = r.pick(supplierInvoices);
    const original = ledger.documents[position] as DuplicateDocument;
    const label = ledger.labels[position] as number;
    // A document's other entries are pushed right after it (makeDuplicateLedger).
    const same: string[] = [];
    for (let j = label; j < ledger.documents.length && ledger.labels[j] === label; j++)
      same.push((ledger.documents[j] as DuplicateDocument).id);
    const reference = original.reference ?? '';
    const changed = r.pick([(v: string) => v, (v: string) => typo(r, v), (v: string) => swapDigits(r, v)])(reference);
    probes.push({ doc: { ...original, id: `again-${i}`, reference: changed }, duplicates: new Set(same) });
  }
  return probes;
}
