import { type ExportKind, formatPhone } from '@fairway/shared';
import type { Db } from '../../db/client';
import { isMessageKey, type Lang, type MessageKey, t } from '../../lib/i18n';
import type { ExportColumn } from '../accounting/mirror/export';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { getConfiguration } from '../configurations/configurations.service';
import { basisInvoiceExternalRef } from '../git/sync/git-sync-ref';
import * as repo from './exports.repository';

/**
 * What each export kind holds: how many rows a period has (inline or by a job), the rows, and
 * their columns in the reader's language. One record per kind; the file is made the same way for
 * every kind (exports.service.ts).
 */
export interface ExportKindDef<T> {
  count(db: Db, target: MirrorTarget, period: repo.Period): Promise<number>;
  rows(db: Db, target: MirrorTarget, period: repo.Period): Promise<T[]>;
  /** The columns, given the rows (a kind may look up what its rows refer to). */
  columns(lang: Lang, context: { db: Db; target: MirrorTarget; period: repo.Period; rows: T[] }): Promise<ExportColumn<T>[]>;
}

/** Keeps each kind's row type inside its own record. */
const defineKind = <T>(def: ExportKindDef<T>) => def as unknown as ExportKindDef<unknown>;

const stamp = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** A moment as Swedish local time, `2026-03-01 14:05`. */
const localTime = (d: Date | null) => (d ? stamp.format(d) : null);

/** `19850312-1234` → `19850312-****`: the birth date stays, the identifying digits do not. */
export function maskPersonalNumber(value: string | null): string | null {
  if (!value) return null;
  return value.replace(/\d{4}$/, '****');
}

const col = <T>(lang: Lang, key: MessageKey, value: ExportColumn<T>['value'], extra: Partial<ExportColumn<T>> = {}) => ({
  header: t(key, lang),
  value,
  ...extra,
});

function invoiceState(row: repo.InvoiceExportRow, today: string): MessageKey {
  if (row.cancelled) return 'exports.invoiceState.cancelled';
  if (row.isCredit) return 'exports.invoiceState.credit';
  if (row.credited) return 'exports.invoiceState.credited';
  if (row.balanceOre === 0) return 'exports.invoiceState.paid';
  if (row.dueDate && row.dueDate < today) return 'exports.invoiceState.overdue';
  if (row.balanceOre !== row.totalOre) return 'exports.invoiceState.partlyPaid';
  return 'exports.invoiceState.unpaid';
}

const todayInSweden = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

export const EXPORT_KINDS: Record<ExportKind, ExportKindDef<unknown>> = {
  members: defineKind<repo.MemberExportRow>({
    count: repo.countMembers,
    rows: repo.memberRows,
    async columns(lang, { period }) {
      const joinedFrom = period.startDate;
      const columns: ExportColumn<repo.MemberExportRow>[] = [
        col(lang, 'exports.col.golfId', (r) => r.golfId, { width: 14 }),
        col(lang, 'exports.col.memberNumber', (r) => r.memberNumber, { width: 14 }),
        col(lang, 'exports.col.firstname', (r) => r.firstname),
        col(lang, 'exports.col.lastname', (r) => r.lastname),
        col(lang, 'exports.col.personalNumber', (r) => maskPersonalNumber(r.personalNumber), { width: 20 }),
        col(lang, 'exports.col.email', (r) => r.email, { width: 28 }),
        // As the member list shows it (070-123 45 67): a leading + would be quoted against formulas.
        col(lang, 'exports.col.phone', (r) => (r.phone ? formatPhone(r.phone) : null), { width: 16 }),
        col(lang, 'exports.col.memberCategory', (r) => r.memberCategory),
        col(lang, 'exports.col.playerCategory', (r) => r.playerCategory),
        col(lang, 'exports.col.memberSince', (r) => r.memberSince, { width: 12 }),
        col(lang, 'exports.col.family', (r) => r.family),
        col(lang, 'exports.col.status', (r) => t(`exports.memberStatus.${r.status}` as MessageKey, lang), { width: 12 }),
        col(
          lang,
          'exports.col.change',
          (r) => {
            const created = localTime(r.createdAt)?.slice(0, 10) ?? '';
            const joined =
              (created >= joinedFrom && created <= period.endDate) ||
              (r.memberSince !== null && r.memberSince >= joinedFrom && r.memberSince <= period.endDate);
            return t(joined ? 'exports.change.joined' : 'exports.change.changed', lang);
          },
          { width: 14 },
        ),
        col(lang, 'exports.col.createdAt', (r) => localTime(r.createdAt), { width: 17 }),
        col(lang, 'exports.col.updatedAt', (r) => localTime(r.updatedAt), { width: 17 }),
      ];
      return columns;
    },
  }),
  invoices: defineKind<repo.InvoiceExportRow>({
    count: repo.countInvoices,
    rows: repo.invoiceRows,
    async columns(lang, _context) {
      const today = todayInSweden();
      const columns: ExportColumn<repo.InvoiceExportRow>[] = [
        col(lang, 'exports.col.invoiceNumber', (r) => r.number, { width: 14 }),
        col(lang, 'exports.col.invoiceDate', (r) => r.invoiceDate, { width: 12 }),
        col(lang, 'exports.col.dueDate', (r) => r.dueDate, { width: 12 }),
        col(lang, 'exports.col.customerNumber', (r) => r.customerNumber, { width: 14 }),
        col(lang, 'exports.col.customerName', (r) => r.customerName, { width: 28 }),
        col(lang, 'exports.col.total', (r) => r.totalOre, { money: true, width: 14 }),
        col(lang, 'exports.col.balance', (r) => r.balanceOre, { money: true, width: 14 }),
        col(lang, 'exports.col.currency', (r) => r.currency, { width: 8 }),
        col(lang, 'exports.col.invoiceState', (r) => t(invoiceState(r, today), lang), { width: 14 }),
        col(lang, 'exports.col.ocr', (r) => r.ocr, { width: 20 }),
      ];
      return columns;
    },
  }),
  payments: defineKind<repo.PaymentExportRow>({
    count: repo.countPayments,
    rows: repo.paymentRows,
    async columns(lang, _context) {
      const columns: ExportColumn<repo.PaymentExportRow>[] = [
        col(lang, 'exports.col.paymentNumber', (r) => r.number, { width: 14 }),
        col(lang, 'exports.col.paymentDate', (r) => r.paymentDate, { width: 12 }),
        col(lang, 'exports.col.invoiceNumber', (r) => r.invoiceNumber, { width: 14 }),
        col(lang, 'exports.col.customerNumber', (r) => r.customerNumber, { width: 14 }),
        col(lang, 'exports.col.customerName', (r) => r.customerName, { width: 28 }),
        col(lang, 'exports.col.amount', (r) => r.amountOre, { money: true, width: 14 }),
        col(lang, 'exports.col.currency', (r) => r.currency ?? 'SEK', { width: 8 }),
        col(lang, 'exports.col.ocr', (r) => r.ocr, { width: 20 }),
      ];
      return columns;
    },
  }),
  git_bases: defineKind<repo.GitBasisExportRow>({
    count: repo.countGitBases,
    rows: repo.gitBasisRows,
    async columns(lang, { db, target, rows }) {
      // The GIT sync makes each basis's invoice in the club account chosen in the API configuration
      // (or this one), tagged with a reference derived from the basis: found by it in that mirror.
      const api = await getConfiguration(db, target, 'api');
      const accounting: MirrorTarget = {
        organisationId: target.organisationId,
        clubAccountId: api.club_to_sync ?? target.clubAccountId,
      };
      const refOf = (gitId: string) => basisInvoiceExternalRef(target.clubAccountId, accounting.clubAccountId, gitId);
      const made = await repo.invoicesByExternalRef(
        db,
        accounting,
        rows.map((r) => refOf(r.gitId)),
      );
      const columns: ExportColumn<repo.GitBasisExportRow>[] = [
        col(lang, 'exports.col.occasion', (r) => r.occasion, { width: 24 }),
        col(lang, 'exports.col.invoiceDate', (r) => r.invoiceDate, { width: 12 }),
        col(lang, 'exports.col.basisNumber', (r) => r.number, { width: 12 }),
        col(lang, 'exports.col.golfId', (r) => r.memberGolfId, { width: 14 }),
        col(lang, 'exports.col.memberName', (r) => r.memberName, { width: 24 }),
        col(lang, 'exports.col.payerGolfId', (r) => r.payerGolfId, { width: 14 }),
        col(lang, 'exports.col.payerName', (r) => r.payerName, { width: 24 }),
        col(lang, 'exports.col.total', (r) => r.totalOre, { money: true, width: 14 }),
        col(lang, 'exports.col.paid', (r) => r.paidOre, { money: true, width: 14 }),
        col(lang, 'exports.col.dueDate', (r) => r.dueDate, { width: 12 }),
        col(
          lang,
          'exports.col.gitStatus',
          (r) =>
            isMessageKey(`exports.gitStatus.${r.status}`) ? t(`exports.gitStatus.${r.status}` as MessageKey, lang) : r.status,
          { width: 14 },
        ),
        col(lang, 'exports.col.paidAt', (r) => localTime(r.paidAt), { width: 17 }),
        col(lang, 'exports.col.creditedAt', (r) => localTime(r.creditedAt), { width: 17 }),
        col(
          lang,
          'exports.col.syncState',
          (r) => t(made.has(refOf(r.gitId)) ? 'exports.syncState.synced' : 'exports.syncState.notSynced', lang),
          { width: 20 },
        ),
        col(lang, 'exports.col.accountingInvoice', (r) => made.get(refOf(r.gitId)) ?? null, { width: 14 }),
      ];
      return columns;
    },
  }),
};
