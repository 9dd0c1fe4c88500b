import { AccountingError } from '../../accounting/errors';
import type { DocumentRow } from '../../accounting/provider';
import type { RequestRecord } from '../../accounting/request-journal';
import { fetchAll } from '../client';
import {
  fractionFromBasisPoints,
  fromHundredths,
  sekFromOre,
  type VismaCustomer,
  type VismaDraft,
  type VismaInvoice,
  type VismaInvoiceRow,
} from '../mapping';
import type { VismaContext } from './context';
import { madeAfter, refused } from './shared';

/**
 * Invoices and credit notes are made as drafts and converted at once (`…/convert`). The contract
 * gives them no field for our reference, so our record holds what was asked, and after a lost
 * answer the invoice (or the draft left unconverted) is matched exactly on what Visma stores.
 */

/** What our record keeps of an invoice or credit note asked for. */
interface AskedInvoice {
  CustomerId: string;
  InvoiceDate: string;
  IsCreditInvoice: boolean;
  YourReference: string | null;
  OurReference: string | null;
  rows: string;
}

const ore = (sek: number | null | undefined) => Math.round((sek ?? 0) * 100);
const hundredths = (n: number | null | undefined) => Math.round((n ?? 0) * 100);
const basisPoints = (f: number | null | undefined) => Math.round((f ?? 0) * 10_000);
const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** What an invoice or draft says of its rows, compared exactly with what was asked. */
function rowKey(rows: (VismaInvoiceRow | Record<string, unknown>)[]): string {
  return JSON.stringify(
    rows.map((r) => {
      const row = r as VismaInvoiceRow;
      return row.IsTextRow
        ? ['text', row.Text ?? '']
        : [
            row.ArticleId ?? null,
            row.Text ?? '',
            ore(row.UnitPrice),
            hundredths(row.Quantity),
            basisPoints(row.DiscountPercentage),
            blankToNull(row.CostCenterItemId1),
            blankToNull(row.ProjectId),
          ];
    }),
  );
}

function sameInvoice(asked: AskedInvoice, doc: VismaInvoice | VismaDraft): boolean {
  return (
    doc.CustomerId === asked.CustomerId &&
    (doc.InvoiceDate ?? '').slice(0, 10) === asked.InvoiceDate &&
    (doc.IsCreditInvoice ?? false) === asked.IsCreditInvoice &&
    blankToNull(doc.YourReference) === asked.YourReference &&
    blankToNull(doc.OurReference) === asked.OurReference &&
    rowKey(doc.Rows ?? []) === asked.rows
  );
}

/** The fields a draft must carry of its customer (swagger: definitions.CustomerInvoiceDraftApi.required). */
export function invoiceParty(customer: VismaCustomer) {
  return {
    CustomerId: customer.Id,
    InvoiceCustomerName: customer.Name.slice(0, 50),
    InvoiceAddress1: customer.InvoiceAddress1 ?? null,
    InvoiceAddress2: customer.InvoiceAddress2 ?? null,
    InvoicePostalCode: customer.InvoicePostalCode ?? null,
    InvoiceCity: customer.InvoiceCity ?? null,
    InvoiceCountryCode: customer.InvoiceCountryCode ?? 'SE',
    EuThirdParty: false,
    CustomerIsPrivatePerson: customer.IsPrivatePerson === true,
    // 0 = Normal: the portal makes no ROT/RUT invoices.
    RotReducedInvoicingType: 0,
  };
}

/** The portal's rows as draft rows (swagger: definitions.CustomerInvoiceDraftRowApi). */
export async function draftRows(ctx: VismaContext, rows: DocumentRow[], sign: 1 | -1): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const [index, row] of rows.entries()) {
    if (!row.articleNumber) {
      if (row.priceOre !== 0 || row.quantityHundredths !== 0)
        throw refused('validation', 'accounting.visma.rowNeedsArticle', { row: index + 1 });
      // A text row needs its text (swagger: definitions.CustomerInvoiceDraftRowApi.required); an empty one says nothing.
      if (row.description.trim() === '') continue;
      out.push({ LineNumber: index, IsTextRow: true, Text: row.description, ReversedConstructionServicesVatFree: false });
      continue;
    }
    const article = await ctx.articleByNumber(row.articleNumber);
    if (!article) throw refused('validation', 'accounting.articleMissing');
    // Visma takes the VAT rate from the article's coding; the row's own vatPercent is not sent.
    // swagger: definitions.CustomerInvoiceDraftRowApi.required — LineNumber, IsTextRow, Text, ReversedConstructionServicesVatFree.
    out.push({
      LineNumber: index,
      IsTextRow: false,
      ReversedConstructionServicesVatFree: false,
      ArticleId: article.Id,
      Text: row.description.trim() === '' ? article.Name : row.description,
      UnitPrice: sekFromOre(row.priceOre),
      Quantity: sign * fromHundredths(row.quantityHundredths),
      DiscountPercentage: fractionFromBasisPoints(row.discountBasisPoints),
      CostCenterItemId1: await ctx.codeToId('costCenter', row.costCenter),
      ProjectId: await ctx.codeToId('project', row.project),
    });
  }
  return out;
}

/** Converts a draft, sending the totals we expect back so Visma refuses a draft that changed. */
async function convert(ctx: VismaContext, draft: VismaDraft): Promise<VismaInvoice> {
  return ctx.rememberInvoice(
    await ctx.api.request<VismaInvoice>('POST', `/customerinvoicedrafts/${draft.Id}/convert`, {
      body: {
        TotalAmountInvoiceCurrency: draft.TotalAmount,
        TotalVatAmountInvoiceCurrency: draft.TotalVatAmount,
        TotalRoundingsInvoiceCurrency: draft.TotalRoundings,
      },
      notFoundKey: 'accounting.invoiceMissing',
    }),
  );
}

/**
 * After a lost answer: the invoice (or the draft left unconverted) Visma made from what was
 * asked — same customer, date, references and rows, made after the ask, claimed by no other
 * entry of our record. Two that fit are refused rather than guessed between.
 */
async function findAsked(
  ctx: VismaContext,
  kind: 'invoice' | 'credit',
  entry: RequestRecord,
): Promise<{ invoice: VismaInvoice | null; draft: VismaDraft | null }> {
  const asked = entry.asked as AskedInvoice;
  const fits = (doc: VismaInvoice | VismaDraft) => madeAfter(doc, entry) && sameInvoice(asked, doc);
  /** The fitting documents no other record holds (only their ids are looked up in the record). */
  const unclaimed = async <D extends { Id: string }>(docs: D[]) => {
    const claimed = await ctx.journal.claimed(
      kind,
      docs.map((d) => d.Id),
    );
    return docs.filter((d) => !claimed.has(d.Id));
  };
  const invoices = await unclaimed(
    (
      await fetchAll<VismaInvoice>(ctx.api, '/customerinvoices', {
        $filter: `CustomerId eq ${asked.CustomerId} and InvoiceDate eq ${asked.InvoiceDate}`,
      })
    ).filter(fits),
  );
  const drafts =
    invoices.length > 0
      ? []
      : await unclaimed(
          (
            await fetchAll<VismaDraft>(ctx.api, '/customerinvoicedrafts', {
              $filter: `CustomerId eq ${asked.CustomerId}`,
            })
          ).filter(fits),
        );
  const found = [...invoices, ...drafts];
  if (found.length > 1)
    throw refused('conflict', 'accounting.visma.ambiguousLostAnswer', {
      ids: found.map((d) => ('InvoiceNumber' in d ? String(d.InvoiceNumber) : d.Id)).join(', '),
    });
  return { invoice: invoices[0] ?? null, draft: drafts[0] ?? null };
}

/** Draft, then convert; our record holds the ask, and a lost answer is looked for before asking again. */
export async function draftThenConvert(
  ctx: VismaContext,
  kind: 'invoice' | 'credit',
  externalRef: string,
  body: Record<string, unknown>,
  lookFirst: boolean,
): Promise<VismaInvoice> {
  const asked: AskedInvoice = {
    CustomerId: body.CustomerId as string,
    InvoiceDate: body.InvoiceDate as string,
    IsCreditInvoice: body.IsCreditInvoice === true,
    YourReference: blankToNull(body.YourReference as string | null),
    OurReference: blankToNull(body.OurReference as string | null),
    rows: rowKey(body.Rows as Record<string, unknown>[]),
  };
  const { api, journal } = ctx;
  const known = await journal.find(kind, externalRef);
  if (known?.answer)
    return ctx.rememberInvoice(
      await api.get<VismaInvoice>(`/customerinvoices/${known.answer}`, { notFoundKey: 'accounting.invoiceMissing' }),
    );
  const entry = known ?? (await journal.begin(kind, externalRef, asked, ctx.now()));
  let look = lookFirst || known !== null;
  for (let attempt = 1; ; attempt++) {
    if (look) {
      const found = await findAsked(ctx, kind, entry);
      if (found.invoice) {
        await journal.complete(kind, externalRef, found.invoice.Id);
        return ctx.rememberInvoice(found.invoice);
      }
      // A draft left by a lost answer: finish it rather than making another.
      if (found.draft) {
        const invoice = await convert(ctx, found.draft);
        await journal.complete(kind, externalRef, invoice.Id);
        return invoice;
      }
    }
    try {
      const draft = await api.request<VismaDraft>('POST', '/customerinvoicedrafts', { body });
      const invoice = await convert(ctx, draft);
      await journal.complete(kind, externalRef, invoice.Id);
      return invoice;
    } catch (error) {
      if (!(error instanceof AccountingError) || !error.transient || attempt >= 3) throw error;
      look = true;
    }
  }
}
