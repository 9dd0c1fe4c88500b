import {
  GIT_IMPORT_SAMPLE_ROWS,
  type GitImportCommitBody,
  type GitImportCommitResult,
  type GitImportPreview,
  type GitImportPreviewBody,
  type GitImportUpload,
} from '@fairway/shared';
import type { Db, Tx } from '../../../db/client';
import { BusinessError, NotFoundError } from '../../../lib/errors';
import { type Lang, t } from '../../../lib/i18n';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import type { GitDeps } from '../git.deps';
import type { GitBasisRow } from '../git.tables';
import { parseWorkbook, suggestMapping } from './git-import.parse';
import * as repo from './git-import.repository';
import { type AnalysedInvoice, analyseImport, problemsOf, type RowProblem, splitName } from './git-import.rows';

/** What the import needs: the database, and the log for its event-log line. */
export type GitImportDeps = GitDeps;

/**
 * Importing GIT's Excel export of an invoice batch: upload (parse and keep the sheet), preview
 * (mapping → invoices with row-level errors) and commit (an invoice occasion with its invoice
 * bases in the GIT mirror, so the sync treats it like an occasion read from GIT). Everything is
 * of one club account.
 */

/** The `git_id` prefix of everything an import writes; the GIT refresh leaves such occasions alone. */
export const IMPORT_GIT_ID_PREFIX = 'import-';

type ImportRow = repo.ImportRow;

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
  deps: GitImportDeps,
  target: MirrorTarget,
  file: { name: string; bytes: Buffer },
  userId: string,
): Promise<GitImportUpload> {
  const sheet = await parseWorkbook(file.bytes);
  return toUpload(await repo.insertImport(deps.db, target, { fileName: file.name.slice(0, 255), ...sheet, createdBy: userId }));
}

async function findImport(conn: Db | Tx, target: MirrorTarget, id: string, lock = false): Promise<ImportRow> {
  const row = await repo.findImport(conn, target, id, lock);
  if (!row) throw new NotFoundError('gitImport.notFound');
  return row;
}

/** Days an upload that was never imported is kept. */
export const GIT_IMPORT_KEEP_DAYS = 7;

/** Deletes uploads not imported within `days`; committed imports stay (a repeated commit answers them). */
export async function deleteStaleGitImports(db: Db, days: number, now = new Date()): Promise<number> {
  return repo.deleteUploadsBefore(db, new Date(now.getTime() - days * 24 * 60 * 60 * 1000));
}

export async function getGitImport(deps: GitImportDeps, target: MirrorTarget, id: string): Promise<GitImportUpload> {
  return toUpload(await findImport(deps.db, target, id));
}

async function analyse(conn: Db | Tx, target: MirrorTarget, row: ImportRow, body: GitImportPreviewBody) {
  const payerColumn = body.mapping.payerGolfId;
  const payers =
    payerColumn === null || payerColumn === undefined
      ? []
      : [...new Set(row.rows.map((r) => r.cells[payerColumn]).filter((c): c is string => typeof c === 'string'))];
  // Names of the payers the mirror already knows, for rows that leave the payer's name out.
  const names = await repo.memberNamesOf(conn, target, payers);
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
  deps: GitImportDeps,
  target: MirrorTarget,
  id: string,
  body: GitImportPreviewBody,
  lang: Lang,
): Promise<GitImportPreview> {
  const row = await findImport(deps.db, target, id);
  const invoices = await analyse(deps.db, target, row, body);
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

type AnalysedRow = AnalysedInvoice['rows'][number];
/** Where a row written by an import came from, kept in its `raw`. */
type Source = { source: 'import'; importId: string; file: string };

/** The invoice bases of the valid invoices (`<occasion git id>-<n>`). */
function basesOf(valid: AnalysedInvoice[], occasionGitId: string, source: Source, now: Date) {
  return valid.map((invoice, n) => {
    const rows = invoice.rows;
    const head = rows[0] as AnalysedRow;
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
  });
}

/**
 * The people of the valid invoices the mirror does not know (the sync builds customers from
 * them), as GIT members. GIT's own data replaces these rows when a refresh reads the member.
 */
async function newMembersOf(conn: Db | Tx, target: MirrorTarget, valid: AnalysedInvoice[], source: Source) {
  const people = new Map<string, { firstName: string; lastName: string; email: string | null; row: AnalysedRow }>();
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
  const known = await repo.knownGolfIds(conn, target, [...people.keys()]);
  return [...people.entries()]
    .filter(([golfId]) => !known.has(golfId))
    .map(([golfId, p]) => {
      const isPayer = p.row.payerGolfId === golfId;
      const category = p.row.golfId === golfId ? (p.row.memberCategory ?? '') : '';
      return {
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
    });
}

/** The articles of the valid invoices the mirror does not know, by code. */
async function newArticlesOf(conn: Db | Tx, target: MirrorTarget, valid: AnalysedInvoice[], source: Source) {
  const articles = new Map<string, AnalysedRow>();
  for (const invoice of valid) for (const r of invoice.rows) if (!articles.has(r.articleCode)) articles.set(r.articleCode, r);
  const known = await repo.knownArticleCodes(conn, target, [...articles.keys()]);
  return [...articles.entries()]
    .filter(([code]) => !known.has(code))
    .map(([code, r]) => ({
      gitId: `${IMPORT_GIT_ID_PREFIX}${code}`,
      code,
      name: r.description,
      amountOre: Math.round((r.amountOre ?? 0) / (r.quantity || 1)),
      vatRate: r.vatRate ?? 0,
      account: SALES_ACCOUNT[r.vatRate ?? 0] ?? '3004',
      memberCategoryCode: null,
      modifiedAt: new Date(0),
      raw: { ...source, row: r.row },
    }));
}

/** The import's line of the transaction log: what it created, and the invoices it skipped with why. */
function transactionOf(
  tally: ReturnType<typeof counts>,
  created: { bases: number; members: number; articles: number },
  skipped: AnalysedInvoice[],
  now: Date,
) {
  return {
    kind: 'import',
    trigger: 'manual',
    status: 'succeeded',
    created: 1 + created.bases + created.members + created.articles,
    updated: 0,
    counts: {
      invoiceOccasions: { created: 1, updated: 0 },
      invoiceBases: { created: created.bases, updated: 0 },
      members: { created: created.members, updated: 0 },
      articles: { created: created.articles, updated: 0 },
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
  };
}

/**
 * Creates the invoice occasion and its invoice bases (one per valid invoice, `import-<id>-<n>`),
 * the GIT members and articles the mirror does not know yet, and a transaction-log row, in one
 * transaction. Refused when rows are invalid and `skipInvalid` is false, or nothing is valid. A
 * second commit of the same import answers the occasion the first one made.
 */
export async function commitGitImport(
  deps: GitImportDeps,
  target: MirrorTarget,
  id: string,
  body: GitImportCommitBody,
): Promise<GitImportCommitResult> {
  const outcome = await deps.db.transaction(async (tx) => {
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
    const source: Source = { source: 'import', importId: row.id, file: row.fileName };
    const first = valid[0]?.rows[0];
    const occasion = await repo.insertOccasion(tx, target, {
      gitId: occasionGitId,
      name: body.occasionName,
      invoiceDate: first?.invoiceDate ?? body.invoiceDate,
      dueDate: first?.dueDate ?? body.dueDate,
      basisCount: valid.length,
      totalOre: tally.validTotalOre,
      paidOre: 0,
      gitCreatedAt: now,
      modifiedAt: now,
      raw: { ...source, row: row.headerRow, sheet: row.sheetName },
    });
    await repo.insertBases(tx, target, basesOf(valid, occasionGitId, source, now));
    const newMembers = await newMembersOf(tx, target, valid, source);
    await repo.insertMembers(tx, target, newMembers);
    const newArticles = await newArticlesOf(tx, target, valid, source);
    await repo.insertArticles(tx, target, newArticles);
    const skipped = invoices.filter((i) => !i.valid);
    await repo.insertImportTransaction(
      tx,
      target,
      transactionOf(tally, { bases: valid.length, members: newMembers.length, articles: newArticles.length }, skipped, now),
    );

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
    await repo.markCommitted(tx, row.id, { occasionId: occasion.id, result: { ...result }, committedAt: now });
    return { result, fresh: true };
  });

  if (outcome.fresh) {
    await logEventQuietly(deps.db, deps.log, {
      ...target,
      resource: 'git',
      activity: 'gitImport.event.committed',
      params: { name: body.occasionName, invoices: outcome.result.invoices, skipped: outcome.result.skippedInvoices },
      type: 'SUCCESS',
    });
  }
  return outcome.result;
}
