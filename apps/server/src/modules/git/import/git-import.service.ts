import {
  GIT_IMPORT_SAMPLE_ROWS,
  type GitImportCommitBody,
  type GitImportCommitResult,
  type GitImportPreview,
  type GitImportPreviewBody,
  type GitImportUpload,
} from '@fairway/shared';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../../db/client';
import { BusinessError, NotFoundError } from '../../../lib/errors';
import { type Lang, t } from '../../../lib/i18n';
import type { MirrorTarget } from '../../accounting/mirror';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import { type GitBasisRow, gitArticles, gitInvoiceBases, gitInvoiceOccasions, gitMembers, gitTransactions } from '../git.tables';
import { parseWorkbook, suggestMapping } from './git-import.parse';
import { type AnalysedInvoice, analyseImport, problemsOf, type RowProblem, splitName } from './git-import.rows';
import { gitImports } from './git-import.tables';

/**
 * Importing GIT's Excel export of an invoice batch: upload (parse and keep the sheet), preview
 * (mapping → invoices with row-level errors) and commit (an invoice occasion with its invoice
 * bases in the GIT mirror, so the sync treats it like an occasion read from GIT). Everything is
 * of one club account.
 */

/** The `git_id` prefix of everything an import writes; the GIT refresh leaves such occasions alone. */
export const IMPORT_GIT_ID_PREFIX = 'import-';

type ImportRow = typeof gitImports.$inferSelect;

/** A BAS sales account per VAT rate, for articles an import creates (GIT did not name one). */
const SALES_ACCOUNT: Record<number, string> = { 25: '3001', 12: '3002', 6: '3003', 0: '3004' };

function toUpload(row: ImportRow): GitImportUpload {
  return {
    id: row.id,
    fileName: row.fileName,
    sheetNames: row.sheetNames,
    sheetName: row.sheetName,
    headerRow: row.headerRow,
    columns: row.columns,
    rowCount: row.rows.length,
    sampleRows: row.rows.slice(0, GIT_IMPORT_SAMPLE_ROWS),
    suggestedMapping: suggestMapping(row.columns),
    status: row.status === 'committed' ? 'committed' : 'uploaded',
    occasionId: row.occasionId,
  };
}

export async function createGitImport(
  app: FastifyInstance,
  target: MirrorTarget,
  file: { name: string; bytes: Buffer },
  userId: string,
): Promise<GitImportUpload> {
  const sheet = await parseWorkbook(file.bytes);
  const [row] = await app.db
    .insert(gitImports)
    .values({ ...target, fileName: file.name.slice(0, 255), ...sheet, createdBy: userId })
    .returning();
  if (!row) throw new Error('git_imports insert returned no row');
  return toUpload(row);
}

async function findImport(conn: Db | Tx, target: MirrorTarget, id: string, lock = false): Promise<ImportRow> {
  const query = conn
    .select()
    .from(gitImports)
    .where(
      and(
        eq(gitImports.id, id),
        eq(gitImports.organisationId, target.organisationId),
        eq(gitImports.clubAccountId, target.clubAccountId),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new NotFoundError('gitImport.notFound');
  return row;
}

/** Days an upload that was never imported is kept. */
export const GIT_IMPORT_KEEP_DAYS = 7;

/** Deletes uploads not imported within `days`; committed imports stay (a repeated commit answers them). */
export async function deleteStaleGitImports(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(gitImports)
    .where(and(eq(gitImports.status, 'uploaded'), lt(gitImports.createdAt, before)))
    .returning({ id: gitImports.id });
  return deleted.length;
}

export async function getGitImport(app: FastifyInstance, target: MirrorTarget, id: string): Promise<GitImportUpload> {
  return toUpload(await findImport(app.db, target, id));
}

/** Names of the golf IDs (payers) the mirror already knows, for rows that leave the payer's name out. */
async function knownNames(conn: Db | Tx, target: MirrorTarget, golfIds: string[]): Promise<Map<string, string>> {
  if (golfIds.length === 0) return new Map();
  const rows = await conn
    .select({ golfId: gitMembers.golfId, firstName: gitMembers.firstName, lastName: gitMembers.lastName })
    .from(gitMembers)
    .where(and(eq(gitMembers.clubAccountId, target.clubAccountId), inArray(gitMembers.golfId, golfIds)));
  return new Map(rows.map((r) => [r.golfId, `${r.firstName} ${r.lastName}`.trim()]));
}

async function analyse(conn: Db | Tx, target: MirrorTarget, row: ImportRow, body: GitImportPreviewBody) {
  const payerColumn = body.mapping.payerGolfId;
  const payers =
    payerColumn === null || payerColumn === undefined
      ? []
      : [...new Set(row.rows.map((r) => r.cells[payerColumn]).filter((c): c is string => typeof c === 'string'))];
  const names = await knownNames(conn, target, payers);
  return analyseImport(row.rows, body.mapping, { invoiceDate: body.invoiceDate, dueDate: body.dueDate }, names);
}

const render = (p: RowProblem, lang: Lang) => ({ row: p.row, field: p.field, message: t(p.key, lang, p.params) });

function counts(invoices: AnalysedInvoice[]) {
  const rows = invoices.flatMap((i) => i.rows);
  const validInvoices = invoices.filter((i) => i.valid);
  const validRows = rows.filter((r) => r.problems.length === 0).length;
  return {
    invoices: invoices.length,
    validInvoices: validInvoices.length,
    invalidInvoices: invoices.length - validInvoices.length,
    rows: rows.length,
    validRows,
    invalidRows: rows.length - validRows,
    validTotalOre: validInvoices.reduce((sum, i) => sum + i.totalOre, 0),
  };
}

export async function previewGitImport(
  app: FastifyInstance,
  target: MirrorTarget,
  id: string,
  body: GitImportPreviewBody,
  lang: Lang,
): Promise<GitImportPreview> {
  const row = await findImport(app.db, target, id);
  const invoices = await analyse(app.db, target, row, body);
  return {
    id: row.id,
    fileName: row.fileName,
    occasionName: body.occasionName,
    counts: counts(invoices),
    invoices: invoices.map((invoice) => {
      const first = invoice.rows[0];
      return {
        invoiceNumber: invoice.invoiceNumber,
        golfId: first?.golfId ?? '',
        memberName: first ? `${first.firstName} ${first.lastName}`.trim() : '',
        payerGolfId: first?.payerGolfId ?? '',
        payerName: first?.payerName ?? '',
        email: first?.email ?? null,
        invoiceDate: first?.invoiceDate ?? body.invoiceDate,
        dueDate: first?.dueDate ?? body.dueDate,
        totalOre: invoice.totalOre,
        valid: invoice.valid,
        rows: invoice.rows.map((r) => ({
          row: r.row,
          golfId: r.golfId,
          memberName: `${r.firstName} ${r.lastName}`.trim(),
          articleCode: r.articleCode,
          description: r.description,
          quantity: r.quantity,
          amountOre: r.amountOre,
          vatRate: r.vatRate,
          errors: r.problems.map((p) => render(p, lang)),
        })),
        errors: problemsOf(invoice).map((p) => render(p, lang)),
      };
    }),
  };
}

const addressOf = (r: AnalysedInvoice['rows'][number]) =>
  r.address || r.postalCode || r.city
    ? { careOf: null, street: r.address ?? '', postalCode: r.postalCode ?? '', city: r.city ?? '', country: 'SE' }
    : null;

/**
 * Creates the invoice occasion and its invoice bases (one per valid invoice, `import-<id>-<n>`),
 * the GIT members and articles the mirror does not know yet, and a transaction-log row, in one
 * transaction. Refused when rows are invalid and `skipInvalid` is false, or nothing is valid. A
 * second commit of the same import answers the occasion the first one made.
 */
export async function commitGitImport(
  app: FastifyInstance,
  target: MirrorTarget,
  id: string,
  body: GitImportCommitBody,
): Promise<GitImportCommitResult> {
  const outcome = await app.db.transaction(async (tx) => {
    const row = await findImport(tx, target, id, true);
    if (row.status === 'committed' && row.result) {
      return { result: { ...(row.result as unknown as GitImportCommitResult), created: false }, fresh: false };
    }
    const invoices = await analyse(tx, target, row, body);
    const tally = counts(invoices);
    if (tally.invalidRows > 0 && !body.skipInvalid) {
      throw new BusinessError(400, 'gitImport.invalidRows', { count: tally.invalidRows });
    }
    const valid = invoices.filter((i) => i.valid);
    if (valid.length === 0) throw new BusinessError(400, 'gitImport.nothingToImport');

    const now = new Date();
    const occasionGitId = `${IMPORT_GIT_ID_PREFIX}${row.id}`;
    const source = { source: 'import', importId: row.id, file: row.fileName };
    const first = valid[0]?.rows[0];
    const invoiceDate = first?.invoiceDate ?? body.invoiceDate;
    const dueDate = first?.dueDate ?? body.dueDate;

    const [occasion] = await tx
      .insert(gitInvoiceOccasions)
      .values({
        ...target,
        gitId: occasionGitId,
        name: body.occasionName,
        invoiceDate,
        dueDate,
        basisCount: valid.length,
        totalOre: tally.validTotalOre,
        paidOre: 0,
        gitCreatedAt: now,
        modifiedAt: now,
        raw: { ...source, row: row.headerRow, sheet: row.sheetName },
      })
      .returning({ id: gitInvoiceOccasions.id });
    if (!occasion) throw new Error('git_invoice_occasions insert returned no row');

    await tx.insert(gitInvoiceBases).values(
      valid.map((invoice, n) => {
        const rows = invoice.rows;
        const head = rows[0] as (typeof rows)[number];
        const members = new Set(rows.map((r) => r.golfId));
        const payerKind = members.size > 1 ? 'family' : head.payerGolfId === head.golfId ? 'self' : 'guardian';
        const payer = splitName(head.payerName);
        const basisRows: GitBasisRow[] = rows.map((r) => ({
          articleCode: r.articleCode,
          description: members.size > 1 ? `${r.description} – ${r.firstName} ${r.lastName}` : r.description,
          quantity: r.quantity,
          amountOre: r.amountOre ?? 0,
          vatRate: r.vatRate ?? 0,
        }));
        return {
          ...target,
          gitId: `${occasionGitId}-${n + 1}`,
          occasionGitId,
          number: /^\d{1,9}$/.test(invoice.invoiceNumber) ? Number(invoice.invoiceNumber) : n + 1,
          memberGolfId: head.golfId,
          memberName: `${head.firstName} ${head.lastName}`.trim(),
          payerKind,
          payerGolfId: head.payerGolfId,
          payerName: head.payerName,
          familyId: null,
          rows: basisRows,
          totalOre: invoice.totalOre,
          dueDate: head.dueDate,
          status: 'unpaid',
          paidOre: 0,
          modifiedAt: now,
          raw: {
            ...source,
            row: head.row,
            rows: rows.map((r) => r.row),
            invoiceNumber: invoice.invoiceNumber,
            invoiceDate: head.invoiceDate,
            payer: {
              golfId: head.payerGolfId,
              firstName: payer.firstName,
              lastName: payer.lastName,
              email: head.email,
              address: addressOf(head),
              reason: payerKind,
            },
          },
        };
      }),
    );

    // Members the mirror does not know (the sync builds customers from them). GIT's own data
    // replaces these rows when a refresh reads the member.
    const people = new Map<
      string,
      { firstName: string; lastName: string; email: string | null; row: AnalysedInvoice['rows'][number] }
    >();
    for (const invoice of valid) {
      for (const r of invoice.rows) {
        if (!people.has(r.golfId)) people.set(r.golfId, { firstName: r.firstName, lastName: r.lastName, email: null, row: r });
        if (!people.has(r.payerGolfId)) people.set(r.payerGolfId, { ...splitName(r.payerName), email: r.email, row: r });
        else if (r.payerGolfId === r.golfId && r.email) {
          const person = people.get(r.golfId);
          if (person && !person.email) person.email = r.email;
        }
      }
    }
    const knownMembers = new Set(
      (
        await tx
          .select({ golfId: gitMembers.golfId })
          .from(gitMembers)
          .where(and(eq(gitMembers.clubAccountId, target.clubAccountId), inArray(gitMembers.golfId, [...people.keys()])))
      ).map((m) => m.golfId),
    );
    const newMembers = [...people.entries()].filter(([golfId]) => !knownMembers.has(golfId));
    if (newMembers.length > 0) {
      await tx
        .insert(gitMembers)
        .values(
          newMembers.map(([golfId, p]) => {
            const isPayer = p.row.payerGolfId === golfId;
            const category = p.row.golfId === golfId ? (p.row.memberCategory ?? '') : '';
            return {
              ...target,
              golfId,
              firstName: p.firstName,
              lastName: p.lastName,
              email: p.email,
              categoryCode: category.toUpperCase().replace(/\s+/g, '_').slice(0, 50),
              categoryName: category,
              guardianGolfId: null,
              familyId: null,
              familyRole: null,
              active: false,
              // The epoch: any read from GIT is newer and replaces the row.
              modifiedAt: new Date(0),
              raw: { ...source, row: p.row.row, address: isPayer ? addressOf(p.row) : null, email: p.email },
            };
          }),
        )
        .onConflictDoNothing();
    }

    // Articles the mirror does not know, by code.
    const articles = new Map<string, AnalysedInvoice['rows'][number]>();
    for (const invoice of valid) for (const r of invoice.rows) if (!articles.has(r.articleCode)) articles.set(r.articleCode, r);
    const knownCodes = new Set(
      (
        await tx
          .select({ code: gitArticles.code })
          .from(gitArticles)
          .where(and(eq(gitArticles.clubAccountId, target.clubAccountId), inArray(gitArticles.code, [...articles.keys()])))
      ).map((a) => a.code),
    );
    const newArticles = [...articles.entries()].filter(([code]) => !knownCodes.has(code));
    if (newArticles.length > 0) {
      await tx
        .insert(gitArticles)
        .values(
          newArticles.map(([code, r]) => ({
            ...target,
            gitId: `${IMPORT_GIT_ID_PREFIX}${code}`,
            code,
            name: r.description,
            amountOre: Math.round((r.amountOre ?? 0) / (r.quantity || 1)),
            vatRate: r.vatRate ?? 0,
            account: SALES_ACCOUNT[r.vatRate ?? 0] ?? '3004',
            memberCategoryCode: null,
            modifiedAt: new Date(0),
            raw: { ...source, row: r.row },
          })),
        )
        .onConflictDoNothing();
    }

    const skipped = invoices.filter((i) => !i.valid);
    await tx.insert(gitTransactions).values({
      ...target,
      kind: 'import',
      trigger: 'manual',
      status: 'succeeded',
      created: 1 + valid.length + newMembers.length + newArticles.length,
      updated: 0,
      counts: {
        invoiceOccasions: { created: 1, updated: 0 },
        invoiceBases: { created: valid.length, updated: 0 },
        members: { created: newMembers.length, updated: 0 },
        articles: { created: newArticles.length, updated: 0 },
      },
      total: tally.rows,
      processed: tally.validRows,
      failed: tally.invalidRows,
      failures: skipped.slice(0, 100).map((invoice) => ({
        basisGitId: null,
        invoiceNumber: invoice.invoiceNumber || null,
        message: problemsOf(invoice)
          .map((p) => `${p.row}: ${t(p.key, 'en', p.params)}`)
          .join('; ')
          .slice(0, 1000),
      })),
      startedAt: now,
      finishedAt: now,
    });

    const result: GitImportCommitResult = {
      importId: row.id,
      occasionId: occasion.id,
      occasionGitId,
      invoices: valid.length,
      skippedInvoices: skipped.length,
      membersCreated: newMembers.length,
      articlesCreated: newArticles.length,
      totalOre: tally.validTotalOre,
      created: true,
    };
    await tx
      .update(gitImports)
      .set({ status: 'committed', occasionId: occasion.id, result: { ...result }, committedAt: now })
      .where(eq(gitImports.id, row.id));
    return { result, fresh: true };
  });

  if (outcome.fresh) {
    await logEventQuietly(app.db, app.log, {
      ...target,
      resource: 'git',
      activity: 'gitImport.event.committed',
      params: { name: body.occasionName, invoices: outcome.result.invoices, skipped: outcome.result.skippedInvoices },
      type: 'SUCCESS',
    });
  }
  return outcome.result;
}
