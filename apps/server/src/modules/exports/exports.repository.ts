import type { ExportFormat, ExportKind } from '@fairway/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { gitInvoiceBases, gitInvoiceOccasions } from '../git/git.tables';
import { invoicePayments, invoices } from '../invoices/invoices.tables';
import { families, familyMembers, memberCategories, members, playerCategories } from '../members/members.tables';
import { users } from '../users/users.tables';
import { exportFiles, exportLogs } from './exports.tables';

type Conn = Db | Tx;

/** Days are Swedish calendar days, whatever the server's own time zone. */
const ZONE = 'Europe/Stockholm';

export interface Period {
  startDate: string;
  endDate: string;
}

/** The conditions that keep a query to the club account's rows of a table that carries both ids. */
const ownedBy = (table: { organisationId: PgColumn; clubAccountId: PgColumn }, t: MirrorTarget) => [
  eq(table.organisationId, t.organisationId),
  eq(table.clubAccountId, t.clubAccountId),
];

const own = (t: MirrorTarget) => ownedBy(exportLogs, t);

export type ExportRecord = typeof exportLogs.$inferSelect;

// ---- the export log ---------------------------------------------------------------------------

export async function insertExport(
  conn: Conn,
  t: MirrorTarget,
  values: { kind: ExportKind; format: ExportFormat; startDate: string; endDate: string; lang: string; createdBy: string },
): Promise<ExportRecord> {
  const [row] = await conn
    .insert(exportLogs)
    .values({ ...values, organisationId: t.organisationId, clubAccountId: t.clubAccountId, status: 'queued' })
    .returning();
  if (!row) throw new Error('exports insert returned no row');
  return row;
}

/** An export of the club account, or undefined (also for another tenant's id). */
export async function findExport(conn: Conn, t: MirrorTarget, id: string): Promise<ExportRecord | undefined> {
  const [row] = await conn
    .select()
    .from(exportLogs)
    .where(and(eq(exportLogs.id, id), ...own(t)));
  return row;
}

/** For the job, which has only the id it was given (the row carries its tenant). */
export async function findExportById(conn: Conn, id: string): Promise<ExportRecord | undefined> {
  const [row] = await conn.select().from(exportLogs).where(eq(exportLogs.id, id));
  return row;
}

export type ExportListRecord = ExportRecord & { creatorName: string | null; hasFile: boolean };

const creatorName = sql<string | null>`coalesce(nullif(${users.displayName}, ''), ${users.name})`;
const hasFile = sql<boolean>`exists (select 1 from ${exportFiles} where ${exportFiles.exportId} = ${exportLogs.id})`;

export async function listExports(
  conn: Conn,
  t: MirrorTarget,
  page: { page: number; pageSize: number },
): Promise<{ rows: ExportListRecord[]; total: number }> {
  const where = and(...own(t));
  const [totalRow] = await conn.select({ total: count() }).from(exportLogs).where(where);
  const rows = await conn
    .select({ export: exportLogs, creatorName, hasFile })
    .from(exportLogs)
    .leftJoin(users, eq(users.id, exportLogs.createdBy))
    .where(where)
    .orderBy(desc(exportLogs.createdAt), desc(exportLogs.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return {
    rows: rows.map((r) => ({ ...r.export, creatorName: r.creatorName, hasFile: Boolean(r.hasFile) })),
    total: totalRow?.total ?? 0,
  };
}

export async function findExportWithCreator(conn: Conn, t: MirrorTarget, id: string): Promise<ExportListRecord | undefined> {
  const [row] = await conn
    .select({ export: exportLogs, creatorName, hasFile })
    .from(exportLogs)
    .leftJoin(users, eq(users.id, exportLogs.createdBy))
    .where(and(eq(exportLogs.id, id), ...own(t)));
  return row ? { ...row.export, creatorName: row.creatorName, hasFile: Boolean(row.hasFile) } : undefined;
}

/**
 * Keeps the made file of an export and what the log shows of it; the run engine then marks the
 * export succeeded (exports.runs.ts).
 */
export async function keepFile(
  tx: Tx,
  row: ExportRecord,
  file: { fileName: string; contentType: string; content: Buffer; rowCount: number; expiresAt: Date },
): Promise<void> {
  // Sent as base64 text and decoded by the server: PGlite serialises a bytea parameter byte by
  // byte in JavaScript (13 s for a 7 MB file; this way under 2 s), and PostgreSQL does not mind.
  const content = sql`decode(${file.content.toString('base64')}, 'base64')`;
  await tx
    .insert(exportFiles)
    .values({ exportId: row.id, organisationId: row.organisationId, contentType: file.contentType, content })
    .onConflictDoUpdate({ target: exportFiles.exportId, set: { contentType: file.contentType, content } });
  await tx
    .update(exportLogs)
    .set({
      rowCount: file.rowCount,
      fileSize: file.content.length,
      fileName: file.fileName,
      expiresAt: file.expiresAt,
    })
    .where(eq(exportLogs.id, row.id));
}

export async function readFile(
  conn: Conn,
  t: MirrorTarget,
  id: string,
): Promise<{ contentType: string; content: Buffer } | undefined> {
  // Read as base64 for the same reason (PGlite parses a bytea answer in JavaScript: 3 s for 7 MB).
  const [row] = await conn
    .select({ contentType: exportFiles.contentType, content: sql<string>`encode(${exportFiles.content}, 'base64')` })
    .from(exportFiles)
    .innerJoin(exportLogs, eq(exportLogs.id, exportFiles.exportId))
    .where(and(eq(exportFiles.exportId, id), ...own(t)));
  return row ? { contentType: row.contentType, content: Buffer.from(row.content, 'base64') } : undefined;
}

/** Deletes the files whose keeping time has passed; the log rows stay. Answers how many. */
export async function deleteExpiredFiles(conn: Conn, now: Date): Promise<number> {
  const rows = await conn
    .delete(exportFiles)
    .where(
      inArray(exportFiles.exportId, conn.select({ id: exportLogs.id }).from(exportLogs).where(lt(exportLogs.expiresAt, now))),
    )
    .returning({ id: exportFiles.exportId });
  return rows.length;
}

// ---- what is exported ---------------------------------------------------------------------------

/** `column` (a date) is one of the period's days. */
const onDays = (column: PgColumn, p: Period) => [gte(column, p.startDate), lte(column, p.endDate)];

/** What a `select({ n: count() })` counted. */
async function counted(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

/** `column` (a timestamp) falls on one of the period's Swedish days. */
function withinDays(column: PgColumn, p: Period): SQL {
  return sql`(${column} >= (${p.startDate}::date::timestamp at time zone ${ZONE}) and ${column} < ((${p.endDate}::date + 1)::timestamp at time zone ${ZONE}))`;
}

/** Members who joined (created, or member since a day of the period) or were changed in the period. */
function memberWhere(t: MirrorTarget, p: Period): SQL | undefined {
  return and(
    ...ownedBy(members, t),
    or(withinDays(members.createdAt, p), withinDays(members.updatedAt, p), and(...onDays(members.memberSince, p))),
  );
}

export async function countMembers(conn: Conn, t: MirrorTarget, p: Period): Promise<number> {
  return counted(conn.select({ n: count() }).from(members).where(memberWhere(t, p)));
}

export async function memberRows(conn: Conn, t: MirrorTarget, p: Period) {
  return conn
    .select({
      golfId: members.golfId,
      memberNumber: members.memberNumber,
      firstname: members.firstname,
      lastname: members.lastname,
      personalNumber: members.personalNumber,
      email: members.email,
      phone: members.phoneMobile,
      memberCategory: memberCategories.name,
      playerCategory: playerCategories.name,
      memberSince: members.memberSince,
      family: families.name,
      status: members.status,
      createdAt: members.createdAt,
      updatedAt: members.updatedAt,
    })
    .from(members)
    .leftJoin(memberCategories, eq(memberCategories.id, members.memberCategoryId))
    .leftJoin(playerCategories, eq(playerCategories.id, members.playerCategoryId))
    .leftJoin(familyMembers, eq(familyMembers.memberId, members.id))
    .leftJoin(families, eq(families.id, familyMembers.familyId))
    .where(memberWhere(t, p))
    .orderBy(asc(members.lastname), asc(members.firstname), asc(members.id));
}
export type MemberExportRow = Awaited<ReturnType<typeof memberRows>>[number];

/** Invoices of the club account's invoice mirror dated in the period. */
function invoiceWhere(t: MirrorTarget, p: Period): SQL | undefined {
  return and(...ownedBy(invoices, t), ...onDays(invoices.invoiceDate, p));
}

export async function countInvoices(conn: Conn, t: MirrorTarget, p: Period): Promise<number> {
  return counted(conn.select({ n: count() }).from(invoices).where(invoiceWhere(t, p)));
}

export async function invoiceRows(conn: Conn, t: MirrorTarget, p: Period) {
  return conn
    .select({
      number: invoices.number,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      customerNumber: invoices.customerNumber,
      customerName: invoices.customerName,
      totalOre: invoices.totalOre,
      balanceOre: invoices.balanceOre,
      currency: invoices.currency,
      ocr: invoices.ocr,
      cancelled: invoices.cancelled,
      isCredit: invoices.isCredit,
      credited: invoices.credited,
    })
    .from(invoices)
    .where(invoiceWhere(t, p))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.number));
}
export type InvoiceExportRow = Awaited<ReturnType<typeof invoiceRows>>[number];

/** Payments of the mirror received in the period. */
function paymentWhere(t: MirrorTarget, p: Period): SQL | undefined {
  return and(...ownedBy(invoicePayments, t), ...onDays(invoicePayments.paymentDate, p));
}

export async function countPayments(conn: Conn, t: MirrorTarget, p: Period): Promise<number> {
  return counted(conn.select({ n: count() }).from(invoicePayments).where(paymentWhere(t, p)));
}

export async function paymentRows(conn: Conn, t: MirrorTarget, p: Period) {
  return conn
    .select({
      number: invoicePayments.number,
      paymentDate: invoicePayments.paymentDate,
      invoiceNumber: invoicePayments.invoiceNumber,
      customerNumber: invoices.customerNumber,
      customerName: invoices.customerName,
      amountOre: invoicePayments.amountOre,
      currency: invoices.currency,
      ocr: invoices.ocr,
    })
    .from(invoicePayments)
    .leftJoin(
      invoices,
      and(eq(invoices.clubAccountId, invoicePayments.clubAccountId), eq(invoices.number, invoicePayments.invoiceNumber)),
    )
    .where(paymentWhere(t, p))
    .orderBy(asc(invoicePayments.paymentDate), asc(invoicePayments.number));
}
export type PaymentExportRow = Awaited<ReturnType<typeof paymentRows>>[number];

/** GIT invoice bases of the occasions whose invoice date is in the period. */
function basisWhere(t: MirrorTarget, p: Period): SQL | undefined {
  return and(...ownedBy(gitInvoiceBases, t), ...onDays(gitInvoiceOccasions.invoiceDate, p));
}

const occasionJoin = and(
  eq(gitInvoiceOccasions.clubAccountId, gitInvoiceBases.clubAccountId),
  eq(gitInvoiceOccasions.gitId, gitInvoiceBases.occasionGitId),
);

export async function countGitBases(conn: Conn, t: MirrorTarget, p: Period): Promise<number> {
  return counted(
    conn.select({ n: count() }).from(gitInvoiceBases).innerJoin(gitInvoiceOccasions, occasionJoin).where(basisWhere(t, p)),
  );
}

export async function gitBasisRows(conn: Conn, t: MirrorTarget, p: Period) {
  return conn
    .select({
      gitId: gitInvoiceBases.gitId,
      occasion: gitInvoiceOccasions.name,
      invoiceDate: gitInvoiceOccasions.invoiceDate,
      number: gitInvoiceBases.number,
      memberGolfId: gitInvoiceBases.memberGolfId,
      memberName: gitInvoiceBases.memberName,
      payerGolfId: gitInvoiceBases.payerGolfId,
      payerName: gitInvoiceBases.payerName,
      totalOre: gitInvoiceBases.totalOre,
      paidOre: gitInvoiceBases.paidOre,
      dueDate: gitInvoiceBases.dueDate,
      status: gitInvoiceBases.status,
      paidAt: gitInvoiceBases.paidAt,
      creditedAt: gitInvoiceBases.creditedAt,
    })
    .from(gitInvoiceBases)
    .innerJoin(gitInvoiceOccasions, occasionJoin)
    .where(basisWhere(t, p))
    .orderBy(asc(gitInvoiceOccasions.invoiceDate), asc(gitInvoiceOccasions.name), asc(gitInvoiceBases.number));
}
export type GitBasisExportRow = Awaited<ReturnType<typeof gitBasisRows>>[number];

/** Invoice numbers of `target`'s mirror by external reference (those the GIT sync made). */
export async function invoicesByExternalRef(conn: Conn, target: MirrorTarget, refs: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < refs.length; i += 1000) {
    const chunk = refs.slice(i, i + 1000);
    const rows = await conn
      .select({ ref: invoices.externalRef, number: invoices.number })
      .from(invoices)
      .where(and(...ownedBy(invoices, target), inArray(invoices.externalRef, chunk)));
    for (const row of rows) if (row.ref) found.set(row.ref, row.number);
  }
  return found;
}
