import type {
  ListQueryPayload,
  Operation,
  OperationPayloads,
  OperationResults,
  ResultBody,
} from '../../../server/src/providers/visma-admin/protocol';
import {
  applyArticleFields,
  applyContractFields,
  applyCustomerFields,
  fromRow,
  kronorToOre,
  ocrOf,
  oreToKronor,
  toArticle,
  toCodeItem,
  toCompany,
  toContract,
  toCustomer,
  toInvoice,
  toOrder,
  toPayment,
  toSupplier,
  toSupplierInvoice,
  totalsOf,
  toVoucher,
  utskriftsvalOf,
} from './mapping';
import { invoicePdf } from './pdf';
import { artikel as newArtikel, kund as newKund } from './seed';
import type { CompanyStore } from './store';
import type { Artikel, Avtal, Company, Faktura, Kund } from './types';

type ErrorKind = 'validation' | 'not_found' | 'conflict' | 'licence_missing' | 'unavailable';

/** An error as Visma Administration's integration kit reports it: an ADK constant and its text. */
export class VismaError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const VAT_RATES = new Set([0, 6, 12, 25]);

export interface ExecuteOptions {
  /** The clock of the PC; tests pin it. */
  now?: () => Date;
}

function page<T, R>(items: T[], query: ListQueryPayload, modifiedAt: (item: T) => string, map: (item: T) => R) {
  const since = query.modifiedSince ? Date.parse(query.modifiedSince) : null;
  const matching = since === null ? items : items.filter((item) => Date.parse(modifiedAt(item)) > since);
  const pageSize = Math.min(500, Math.max(1, query.pageSize));
  const totalPages = Math.ceil(matching.length / pageSize);
  const start = (query.page - 1) * pageSize;
  return { items: matching.slice(start, start + pageSize).map(map), page: query.page, totalPages, total: matching.length };
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'sv', { numeric: true });

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

/**
 * Runs one work item against the simulated company, the way the real connector runs it against
 * Visma Administration through its integration kit: reads from the registers, writes in one
 * transaction, refusals as ADK error codes.
 */
export function executeWork(
  store: CompanyStore,
  operation: Operation,
  payload: unknown,
  options: ExecuteOptions = {},
): ResultBody {
  try {
    return { ok: true, data: run(store, operation, payload, options.now ?? (() => new Date())) };
  } catch (error) {
    if (error instanceof VismaError) {
      return {
        ok: false,
        error: { kind: error.kind, code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
      };
    }
    return {
      ok: false,
      error: { kind: 'unavailable', code: 'ADKE_INTERNAL', message: error instanceof Error ? error.message : String(error) },
    };
  }
}

function run(store: CompanyStore, operation: Operation, p: unknown, now: () => Date): unknown {
  const stamp = () => now().toISOString();
  const today = () => stamp().slice(0, 10);
  const read = store.data;

  const customer = (c: Company, kundnr: string, kind: ErrorKind = 'not_found'): Kund => {
    const found = c.kunder.find((k) => k.kundnr === kundnr);
    if (!found) throw new VismaError(kind, 'ADKE_COULD_NOT_FIND_CUSTOMER', `Kunden ${kundnr} finns inte.`, 'customerNumber');
    return found;
  };
  const article = (c: Company, artnr: string, kind: ErrorKind = 'not_found'): Artikel => {
    const found = c.artiklar.find((a) => a.artnr === artnr);
    if (!found) throw new VismaError(kind, 'ADKE_COULD_NOT_FIND_ARTICLE', `Artikeln ${artnr} finns inte.`, 'articleNumber');
    return found;
  };
  const invoice = (c: Company, fakturanr: string): Faktura => {
    const found = c.fakturor.find((f) => f.fakturanr === fakturanr);
    if (!found) throw new VismaError('not_found', 'ADKE_INVALID_INVOICE', `Faktura ${fakturanr} finns inte.`);
    return found;
  };
  const contract = (c: Company, avtalsnr: string): Avtal => {
    const found = c.avtal.find((a) => a.avtalsnr === avtalsnr);
    if (!found) throw new VismaError('not_found', 'ADKE_INVALID_AGREEMENT', `Avtal ${avtalsnr} finns inte.`);
    return found;
  };
  const customerName = (c: Company, kundnr: string) => c.kunder.find((k) => k.kundnr === kundnr)?.namn ?? '';
  const checkTerms = (c: Company, code: string | null | undefined) => {
    if (code && !c.koder.betalningsvillkor.some((t) => t.kod === code)) {
      throw new VismaError(
        'validation',
        'ADKE_INVALID_PAYMENT_TERMS',
        `Betalningsvillkoret ${code} finns inte.`,
        'termsOfPayment',
      );
    }
  };
  const checkRows = (c: Company, rows: { articleNumber: string | null; vatPercent: number }[] | undefined) => {
    for (const row of rows ?? []) {
      if (row.articleNumber) article(c, row.articleNumber, 'validation');
      if (!VAT_RATES.has(row.vatPercent)) {
        throw new VismaError(
          'validation',
          'ADKE_INVALID_STRING',
          `Momssatsen ${row.vatPercent} % finns inte.`,
          'rows.vatPercent',
        );
      }
    }
  };
  const editable = (f: Faktura) => {
    if (f.makulerad) throw new VismaError('conflict', 'ADKE_EDIT_DENIED_OBLITERATED', `Faktura ${f.fakturanr} är makulerad.`);
    if (f.bokford) {
      throw new VismaError(
        'conflict',
        'ADKE_INVOICE_EDIT_DENIED_BOOKKEEPING',
        `Faktura ${f.fakturanr} är bokförd och kan inte ändras.`,
      );
    }
  };
  const nextVoucher = (c: Company, datum: string, text: string, beloppOre: number, ref: string) => {
    const vernr = String(c.nummerserier.verifikation++);
    c.verifikationer.push({
      serie: 'A',
      vernr,
      datum,
      text,
      belopp: oreToKronor(Math.abs(beloppOre)),
      transaktionsref: ref,
      senastAndrad: stamp(),
    });
    return `A${vernr}`;
  };
  const newInvoice = (
    c: Company,
    kund: Kund,
    fields: Omit<Faktura, 'fakturanr' | 'kundnr' | 'kundnamn' | 'ocr' | 'senastAndrad'>,
  ): Faktura => {
    const fakturanr = String(c.nummerserier.faktura++);
    const created: Faktura = {
      ...fields,
      fakturanr,
      kundnr: kund.kundnr,
      kundnamn: kund.namn,
      ocr: ocrOf(fakturanr),
      senastAndrad: stamp(),
    };
    c.fakturor.push(created);
    return created;
  };
  const dueDateOf = (c: Company, invoiceDate: string, terms: string | null) =>
    addDays(invoiceDate, c.koder.betalningsvillkor.find((t) => t.kod === terms)?.dagar ?? 30);

  // Narrows the payload to the one the named operation carries.
  const is = <O extends Operation>(name: O, payload: unknown): payload is OperationPayloads[O] => operation === name;

  // Reads.
  if (is('company.info', p)) return toCompany(read.foretag) satisfies OperationResults['company.info'];
  if (is('codeLists.list', p)) {
    const { list } = p;
    const codes = {
      units: read.koder.enheter,
      priceLists: read.koder.prislistor,
      costCenters: read.koder.resultatenheter,
      projects: read.koder.projekt,
      termsOfPayment: read.koder.betalningsvillkor,
      termsOfDelivery: read.koder.leveransvillkor,
    }[list];
    if (!codes) throw new VismaError('validation', 'ADKE_INVALID_DB', `Kodlistan ${String(list)} finns inte.`);
    return codes.map(toCodeItem);
  }
  if (is('customers.list', p)) {
    const sorted = [...read.kunder].sort((a, b) => byNumber(a.kundnr, b.kundnr));
    return page(sorted, p.query, (k) => k.senastAndrad, toCustomer);
  }
  if (is('customers.get', p)) return toCustomer(customer(read, p.number));
  if (is('articles.list', p)) {
    const sorted = [...read.artiklar].sort((a, b) => byNumber(a.artnr, b.artnr));
    return page(sorted, p.query, (a) => a.senastAndrad, toArticle);
  }
  if (is('articles.get', p)) return toArticle(article(read, p.number));
  if (is('invoices.list', p)) {
    const sorted = [...read.fakturor].sort((a, b) => byNumber(a.fakturanr, b.fakturanr));
    return page(sorted, p.query, (f) => f.senastAndrad, toInvoice);
  }
  if (is('invoices.get', p)) return toInvoice(invoice(read, p.number));
  if (is('invoices.pdf', p)) {
    const f = invoice(read, p.number);
    return { contentBase64: invoicePdf(read.foretag, f).toString('base64') };
  }
  if (is('invoicePayments.list', p)) {
    const payments = read.fakturor.flatMap((f) => f.inbetalningar.map((b) => ({ f, b })));
    payments.sort((x, y) => byNumber(x.b.betalningsnr, y.b.betalningsnr));
    return page(
      payments,
      p.query,
      ({ b }) => b.senastAndrad,
      ({ f, b }) => toPayment(f.fakturanr, b),
    );
  }
  if (is('contracts.list', p)) {
    const sorted = [...read.avtal].sort((a, b) => byNumber(a.avtalsnr, b.avtalsnr));
    return page(
      sorted,
      p.query,
      (a) => a.senastAndrad,
      (a) => toContract(a, customerName(read, a.kundnr)),
    );
  }
  if (is('contracts.get', p)) {
    const a = contract(read, p.number);
    return toContract(a, customerName(read, a.kundnr));
  }
  if (is('vouchers.list', p)) {
    const sorted = [...read.verifikationer].sort((a, b) => byNumber(a.serie + a.vernr, b.serie + b.vernr));
    return page(sorted, p.query, (v) => v.senastAndrad, toVoucher);
  }
  if (is('orders.list', p)) {
    const sorted = [...read.order].sort((a, b) => byNumber(a.ordernr, b.ordernr));
    return page(sorted, p.query, (o) => o.senastAndrad, toOrder);
  }
  if (is('suppliers.list', p)) {
    const sorted = [...(read.leverantorer ?? [])].sort((a, b) => byNumber(a.levnr, b.levnr));
    return page(sorted, p.query, (l) => l.senastAndrad, toSupplier);
  }
  if (is('suppliers.get', p)) {
    const found = (read.leverantorer ?? []).find((l) => l.levnr === p.number);
    if (!found) throw new VismaError('not_found', 'ADKE_COULD_NOT_FIND_SUPPLIER', `Leverantör ${p.number} finns inte`);
    return toSupplier(found);
  }
  if (is('supplierInvoices.list', p)) {
    const sorted = [...(read.leverantorsfakturor ?? [])].sort((a, b) => byNumber(a.lopnr, b.lopnr));
    return page(sorted, p.query, (f) => f.senastAndrad, toSupplierInvoice);
  }
  if (is('supplierInvoices.get', p)) {
    const found = (read.leverantorsfakturor ?? []).find((f) => f.lopnr === p.number);
    if (!found)
      throw new VismaError('not_found', 'ADKE_COULD_NOT_FIND_SUPPLIER_INVOICE', `Leverantörsfaktura ${p.number} finns inte`);
    return toSupplierInvoice(found);
  }

  // Writes: each in one transaction of the company file.
  return store.transaction((c) => {
    if (is('customers.create', p)) {
      const { fields, externalRef } = p;
      const earlier = c.kunder.find((k) => k.fairwayRef === externalRef);
      if (earlier) return toCustomer(earlier);
      if (!fields.name?.trim()) throw new VismaError('validation', 'ADKE_NO_NAME', 'Kunden måste ha ett namn.', 'name');
      checkTerms(c, fields.termsOfPayment);
      const kundnr = fields.number ?? String(c.nummerserier.kund++);
      if (c.kunder.some((k) => k.kundnr === kundnr)) {
        throw new VismaError('conflict', 'ADKE_CUSTOMER_INVALID_CUSTOMERNR', `Kundnummer ${kundnr} används redan.`, 'number');
      }
      const kund = newKund(kundnr, fields.name, { fairwayRef: externalRef, senastAndrad: stamp() });
      applyCustomerFields(kund, fields);
      c.kunder.push(kund);
      return toCustomer(kund);
    }
    if (is('customers.update', p)) {
      const { number, fields } = p;
      const kund = customer(c, number);
      checkTerms(c, fields.termsOfPayment);
      if (fields.name !== undefined && !fields.name.trim())
        throw new VismaError('validation', 'ADKE_NO_NAME', 'Kunden måste ha ett namn.', 'name');
      applyCustomerFields(kund, fields);
      kund.senastAndrad = stamp();
      return toCustomer(kund);
    }
    if (is('articles.create', p)) {
      const { fields, externalRef } = p;
      const earlier = c.artiklar.find((a) => a.fairwayRef === externalRef);
      if (earlier) return toArticle(earlier);
      const artnr = fields.number ?? String(c.nummerserier.artikel++);
      if (c.artiklar.some((a) => a.artnr === artnr)) {
        throw new VismaError('conflict', 'ADKE_KEY_TAKEN_IN_NUMBERSERIES', `Artikelnummer ${artnr} används redan.`, 'number');
      }
      if (fields.unit && !c.koder.enheter.some((e) => e.kod === fields.unit)) {
        throw new VismaError('validation', 'ADKE_ARTICLE_INVALID_UNITCODE', `Enheten ${fields.unit} finns inte.`, 'unit');
      }
      if (!VAT_RATES.has(fields.vatPercent)) {
        throw new VismaError('validation', 'ADKE_INVALID_STRING', `Momssatsen ${fields.vatPercent} % finns inte.`, 'vatPercent');
      }
      const artikel = newArtikel(artnr, fields.description, null, fields.vatPercent, {
        fairwayRef: externalRef,
        senastAndrad: stamp(),
      });
      applyArticleFields(artikel, fields);
      c.artiklar.push(artikel);
      return toArticle(artikel);
    }
    if (is('articles.update', p)) {
      const { number, fields } = p;
      const artikel = article(c, number);
      if (fields.unit && !c.koder.enheter.some((e) => e.kod === fields.unit)) {
        throw new VismaError('validation', 'ADKE_ARTICLE_INVALID_UNITCODE', `Enheten ${fields.unit} finns inte.`, 'unit');
      }
      applyArticleFields(artikel, fields);
      artikel.senastAndrad = stamp();
      return toArticle(artikel);
    }
    if (is('invoices.create', p)) {
      const { fields, externalRef } = p;
      const earlier = c.fakturor.find((f) => f.fairwayRef === externalRef);
      if (earlier) return toInvoice(earlier);
      const kund = customer(c, fields.customerNumber, 'validation');
      checkTerms(c, fields.termsOfPayment);
      checkRows(c, fields.rows);
      const terms = fields.termsOfPayment ?? kund.betalningsvillkor;
      const created = newInvoice(c, kund, {
        fakturadatum: fields.invoiceDate,
        forfallodatum: fields.dueDate ?? dueDateOf(c, fields.invoiceDate, terms),
        betalningsvillkor: terms,
        fakturatyp: fields.invoiceType === 'CASH' ? 'Kontantfaktura' : 'Faktura',
        valuta: fields.currency,
        erReferens: fields.yourReference,
        varReferens: fields.ourReference,
        text: fields.remarks,
        resultatenhet: fields.costCenter,
        projekt: fields.project,
        rader: fields.rows.map(fromRow),
        bokford: false,
        makulerad: false,
        skickad: false,
        utskriftsval: null,
        krediterar: null,
        krediteradAv: null,
        verifikationer: [],
        avtalsnr: null,
        inbetalningar: [],
        fairwayRef: externalRef,
      });
      return toInvoice(created);
    }
    if (is('invoices.update', p)) {
      const { number, fields } = p;
      const f = invoice(c, number);
      editable(f);
      if (fields.customerNumber !== undefined) {
        const kund = customer(c, fields.customerNumber, 'validation');
        f.kundnr = kund.kundnr;
        f.kundnamn = kund.namn;
      }
      checkTerms(c, fields.termsOfPayment);
      checkRows(c, fields.rows);
      if (fields.invoiceDate !== undefined) f.fakturadatum = fields.invoiceDate;
      if (fields.dueDate !== undefined) f.forfallodatum = fields.dueDate;
      if (fields.termsOfPayment !== undefined) f.betalningsvillkor = fields.termsOfPayment;
      if (fields.invoiceType !== undefined) f.fakturatyp = fields.invoiceType === 'CASH' ? 'Kontantfaktura' : 'Faktura';
      if (fields.currency !== undefined) f.valuta = fields.currency;
      if (fields.yourReference !== undefined) f.erReferens = fields.yourReference;
      if (fields.ourReference !== undefined) f.varReferens = fields.ourReference;
      if (fields.remarks !== undefined) f.text = fields.remarks;
      if (fields.costCenter !== undefined) f.resultatenhet = fields.costCenter;
      if (fields.project !== undefined) f.projekt = fields.project;
      if (fields.rows !== undefined) f.rader = fields.rows.map(fromRow);
      f.senastAndrad = stamp();
      return toInvoice(f);
    }
    if (is('invoices.bookkeep', p)) {
      const f = invoice(c, p.number);
      if (f.makulerad) throw new VismaError('conflict', 'ADKE_EDIT_DENIED_OBLITERATED', `Faktura ${f.fakturanr} är makulerad.`);
      if (f.bokford) {
        throw new VismaError(
          'conflict',
          'ADKE_INVOICE_EDIT_DENIED_ALREADY_IN_LEDGER',
          `Faktura ${f.fakturanr} är redan bokförd.`,
        );
      }
      const { totalOre } = totalsOf(f.rader);
      const kind = f.krediterar ? 'Kreditfaktura' : 'Kundfaktura';
      f.verifikationer.push(nextVoucher(c, f.fakturadatum, `${kind} ${f.fakturanr} ${f.kundnamn}`, totalOre, f.fakturanr));
      f.bokford = true;
      f.senastAndrad = stamp();
      return toInvoice(f);
    }
    if (is('invoices.send', p)) {
      const { number, method } = p;
      const f = invoice(c, number);
      if (f.makulerad) throw new VismaError('conflict', 'ADKE_EDIT_DENIED_OBLITERATED', `Faktura ${f.fakturanr} är makulerad.`);
      const kund = customer(c, f.kundnr, 'validation');
      if (method === 'email' && !(kund.epostFaktura ?? kund.epost)) {
        throw new VismaError('validation', 'ADKE_INVALID_STRING', `Kunden ${kund.kundnr} saknar e-postadress.`, 'email');
      }
      if (method === 'einvoice' && kund.kundtyp !== 'F') {
        throw new VismaError(
          'validation',
          'ADKE_INVALID_STRING',
          'E-faktura kan bara skickas till företag med organisationsnummer.',
          'method',
        );
      }
      f.skickad = true;
      f.utskriftsval = utskriftsvalOf(method);
      f.senastAndrad = stamp();
      return toInvoice(f);
    }
    if (is('invoices.cancel', p)) {
      const f = invoice(c, p.number);
      if (f.makulerad)
        throw new VismaError('conflict', 'ADKE_EDIT_DENIED_OBLITERATED', `Faktura ${f.fakturanr} är redan makulerad.`);
      if (f.bokford) {
        throw new VismaError(
          'conflict',
          'ADKE_EDIT_DENIED_ALREADY_IN_LEDGER',
          `Faktura ${f.fakturanr} är bokförd; kreditera den i stället.`,
        );
      }
      f.makulerad = true;
      f.senastAndrad = stamp();
      return toInvoice(f);
    }
    if (is('invoices.credit', p)) {
      const f = invoice(c, p.number);
      if (f.krediterar)
        throw new VismaError('conflict', 'ADKE_DENIED_CREDIT_CREDIT_INVOICE', 'En kreditfaktura kan inte krediteras.');
      if (f.makulerad)
        throw new VismaError('conflict', 'ADKE_DENIED_CREDIT_OBLITERATED_INVOICE', 'En makulerad faktura kan inte krediteras.');
      if (f.krediteradAv) {
        throw new VismaError(
          'conflict',
          'ADKE_INVOICE_EDIT_DENIED_OTHER_INVOICE',
          `Faktura ${f.fakturanr} är redan krediterad av ${f.krediteradAv}.`,
        );
      }
      const kund = customer(c, f.kundnr, 'validation');
      const credit = newInvoice(c, kund, {
        ...structuredClone(f),
        fakturadatum: today(),
        forfallodatum: today(),
        rader: f.rader.map((r) => ({ ...r, antal: -r.antal })),
        bokford: false,
        makulerad: false,
        skickad: false,
        utskriftsval: null,
        krediterar: f.fakturanr,
        krediteradAv: null,
        verifikationer: [],
        inbetalningar: [],
        text: `Kreditering av faktura ${f.fakturanr}`,
        fairwayRef: null,
      });
      f.krediteradAv = credit.fakturanr;
      f.senastAndrad = stamp();
      return toInvoice(credit);
    }
    if (is('invoices.registerPayment', p)) {
      const { number, payment, externalRef } = p;
      const f = invoice(c, number);
      const earlier = f.inbetalningar.find((b) => b.fairwayRef === externalRef);
      if (earlier) return toPayment(f.fakturanr, earlier);
      if (f.makulerad) throw new VismaError('conflict', 'ADKE_EDIT_DENIED_OBLITERATED', `Faktura ${f.fakturanr} är makulerad.`);
      if (!f.bokford) {
        throw new VismaError(
          'conflict',
          'ADKE_INVOICE_EDIT_DENIED_JOURNAL',
          `Faktura ${f.fakturanr} måste bokföras innan betalning registreras.`,
        );
      }
      if (payment.amountOre === 0)
        throw new VismaError('validation', 'ADKE_QUANTITY_0', 'Beloppet får inte vara 0.', 'amountOre');
      const inbetalning = {
        betalningsnr: String(c.nummerserier.betalning++),
        datum: payment.paymentDate,
        belopp: oreToKronor(payment.amountOre),
        fairwayRef: externalRef,
        senastAndrad: stamp(),
      };
      f.inbetalningar.push(inbetalning);
      nextVoucher(c, payment.paymentDate, `Inbetalning faktura ${f.fakturanr}`, payment.amountOre, f.fakturanr);
      f.senastAndrad = stamp();
      return toPayment(f.fakturanr, inbetalning);
    }
    if (is('contracts.create', p)) {
      const { fields, externalRef } = p;
      const earlier = c.avtal.find((a) => a.fairwayRef === externalRef);
      if (earlier) return toContract(earlier, customerName(c, earlier.kundnr));
      const kund = customer(c, fields.customerNumber, 'validation');
      checkTerms(c, fields.termsOfPayment);
      checkRows(c, fields.rows);
      if (fields.periodEnd && fields.periodEnd < fields.periodStart) {
        throw new VismaError('validation', 'ADKE_END_BEFORE_START', 'Slutdatum ligger före startdatum.', 'periodEnd');
      }
      const avtal: Avtal = {
        avtalsnr: String(c.nummerserier.avtal++),
        kundnr: kund.kundnr,
        avtalsdatum: fields.contractDate,
        periodFrom: fields.periodStart,
        periodTom: fields.periodEnd,
        lopande: fields.continuous,
        avtalstid: fields.contractLength,
        fakturaintervall: fields.invoiceInterval,
        aktiv: fields.active,
        prisInklMoms: fields.vatIncluded,
        betalningsvillkor: fields.termsOfPayment,
        erReferens: fields.yourReference,
        varReferens: fields.ourReference,
        text: fields.remarks,
        resultatenhet: fields.costCenter,
        projekt: fields.project,
        rader: fields.rows.map(fromRow),
        senastFakturerad: null,
        antalFakturor: 0,
        avslutat: false,
        fairwayRef: externalRef,
        senastAndrad: stamp(),
      };
      c.avtal.push(avtal);
      return toContract(avtal, kund.namn);
    }
    if (is('contracts.update', p)) {
      const { number, fields } = p;
      const avtal = contract(c, number);
      if (avtal.avslutat) throw new VismaError('conflict', 'ADKE_EDIT_DENIED_FIELD', `Avtal ${avtal.avtalsnr} är avslutat.`);
      if (fields.customerNumber !== undefined) customer(c, fields.customerNumber, 'validation');
      checkTerms(c, fields.termsOfPayment);
      checkRows(c, fields.rows);
      applyContractFields(avtal, fields);
      if (avtal.periodTom && avtal.periodTom < avtal.periodFrom) {
        throw new VismaError('validation', 'ADKE_END_BEFORE_START', 'Slutdatum ligger före startdatum.', 'periodEnd');
      }
      avtal.senastAndrad = stamp();
      return toContract(avtal, customerName(c, avtal.kundnr));
    }
    if (is('contracts.finish', p)) {
      const avtal = contract(c, p.number);
      if (avtal.avslutat)
        throw new VismaError('conflict', 'ADKE_EDIT_DENIED_FIELD', `Avtal ${avtal.avtalsnr} är redan avslutat.`);
      avtal.avslutat = true;
      avtal.aktiv = false;
      avtal.senastAndrad = stamp();
      return toContract(avtal, customerName(c, avtal.kundnr));
    }
    if (is('contracts.createInvoice', p)) {
      const avtal = contract(c, p.number);
      if (avtal.avslutat || !avtal.aktiv) {
        throw new VismaError('conflict', 'ADKE_INVOICE_EDIT_DENIED_AGREEMENT_PERIOD', `Avtal ${avtal.avtalsnr} är inte aktivt.`);
      }
      const date = avtal.senastFakturerad ? addMonths(avtal.senastFakturerad, avtal.fakturaintervall) : avtal.periodFrom;
      if (avtal.periodTom && date > avtal.periodTom && !avtal.lopande) {
        throw new VismaError(
          'conflict',
          'ADKE_INVOICE_EDIT_DENIED_AGREEMENT_PERIOD',
          `Avtal ${avtal.avtalsnr} har inga fler perioder att fakturera.`,
        );
      }
      const kund = customer(c, avtal.kundnr, 'validation');
      // Invoices are priced ex VAT; a contract priced including VAT is converted per row.
      const rader = avtal.rader.map((r) => ({
        ...r,
        apris: avtal.prisInklMoms ? oreToKronor(Math.round((kronorToOre(r.apris) * 100) / (100 + r.momssats))) : r.apris,
      }));
      const terms = avtal.betalningsvillkor ?? kund.betalningsvillkor;
      const created = newInvoice(c, kund, {
        fakturadatum: date,
        forfallodatum: dueDateOf(c, date, terms),
        betalningsvillkor: terms,
        fakturatyp: 'Faktura',
        valuta: kund.valuta,
        erReferens: avtal.erReferens,
        varReferens: avtal.varReferens,
        text: avtal.text,
        resultatenhet: avtal.resultatenhet,
        projekt: avtal.projekt,
        rader,
        bokford: false,
        makulerad: false,
        skickad: false,
        utskriftsval: null,
        krediterar: null,
        krediteradAv: null,
        verifikationer: [],
        avtalsnr: avtal.avtalsnr,
        inbetalningar: [],
        fairwayRef: null,
      });
      avtal.senastFakturerad = date;
      avtal.antalFakturor += 1;
      avtal.senastAndrad = stamp();
      return toInvoice(created);
    }
    throw new VismaError('unavailable', 'ADKE_INTERNAL', `Okänd åtgärd ${operation}; uppdatera kopplingsprogrammet.`);
  });
}
