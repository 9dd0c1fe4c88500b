import type {
  AccArticle,
  AccCompany,
  AccContract,
  AccCustomer,
  AccInvoice,
  AccOrder,
  AccSupplier,
  AccSupplierInvoice,
  AccVoucher,
  ArticleFields,
  CodeItem,
  ContractFields,
  CustomerFields,
  DocumentRow,
  InvoiceDeliveryMethod,
  InvoicePayment,
} from '../../../server/src/providers/accounting/provider';
import type {
  Artikel,
  Avtal,
  Faktura,
  Foretag,
  Inbetalning,
  Kod,
  Kund,
  Leverantor,
  Leverantorsfaktura,
  Order,
  Rad,
  Utskriftsval,
  Verifikation,
} from './types';

/**
 * Between Visma Administration's registers (kronor and decimal quantities, Swedish names) and
 * the portal's normalized shapes (öre and hundredths, accounting/provider.ts).
 */

export const kronorToOre = (kr: number) => Math.round(kr * 100);
export const oreToKronor = (ore: number) => ore / 100;
const toHundredths = (value: number) => Math.round(value * 100);
const fromHundredths = (value: number) => value / 100;
const nullableOre = (kr: number | null) => (kr === null ? null : kronorToOre(kr));
const nullableKronor = (ore: number | null | undefined) => (ore === null || ore === undefined ? null : oreToKronor(ore));

const DELIVERY: Record<Utskriftsval, InvoiceDeliveryMethod> = {
  'E-post': 'email',
  'E-faktura': 'einvoice',
  'Extern utskrift': 'externalprint',
  Utskrift: 'print',
};
export const utskriftsvalOf = (method: InvoiceDeliveryMethod): Utskriftsval =>
  (Object.entries(DELIVERY).find(([, m]) => m === method)?.[0] as Utskriftsval | undefined) ?? 'Utskrift';

export function toCompany(foretag: Foretag): AccCompany {
  return {
    name: foretag.namn,
    organisationNumber: foretag.orgnr,
    address: {
      address1: foretag.adress1,
      address2: foretag.adress2,
      zipCode: foretag.postnr,
      city: foretag.ort,
      countryCode: foretag.landkod,
    },
    email: foretag.epost,
    phone: foretag.telefon,
    databaseNumber: foretag.databas,
  };
}

export const toCodeItem = (kod: Kod): CodeItem => ({
  code: kod.kod,
  name: kod.namn,
  ...(kod.dagar === undefined ? {} : { days: kod.dagar }),
  ...(kod.aktiv === undefined ? {} : { active: kod.aktiv }),
});

export function toCustomer(kund: Kund): AccCustomer {
  return {
    number: kund.kundnr,
    externalRef: kund.fairwayRef,
    modifiedAt: kund.senastAndrad,
    name: kund.namn,
    type: kund.kundtyp === 'P' ? 'private' : 'company',
    organisationNumber: kund.orgnr,
    active: !kund.inaktiv,
    address: {
      address1: kund.postadress1,
      address2: kund.postadress2,
      zipCode: kund.postnr,
      city: kund.ort,
      countryCode: kund.landkod,
    },
    deliveryAddress: {
      address1: kund.levAdress1,
      address2: kund.levAdress2,
      zipCode: kund.levPostnr,
      city: kund.levOrt,
      countryCode: kund.levLandkod,
    },
    phone1: kund.telefon,
    phone2: kund.telefon2,
    email: kund.epost,
    emailInvoice: kund.epostFaktura,
    www: kund.hemsida,
    fax: kund.fax,
    yourReference: kund.erReferens,
    ourReference: kund.varReferens,
    notes: kund.anteckningar,
    termsOfPayment: kund.betalningsvillkor,
    termsOfDelivery: kund.leveransvillkor,
    currency: kund.valuta,
    priceList: kund.prislista,
    invoiceDiscountBasisPoints: kund.fakturarabatt === null ? null : Math.round(kund.fakturarabatt * 100),
    invoiceAdministrationFeeOre: nullableOre(kund.faktureringsavgift),
    invoiceFreightOre: nullableOre(kund.frakt),
    vatType: kund.momstyp,
    salesAccount: kund.forsaljningskonto,
    costCenter: kund.resultatenhet,
    project: kund.projekt,
    defaultDelivery: kund.utskriftsval ? DELIVERY[kund.utskriftsval] : null,
    invoiceTemplate: kund.blankett,
  };
}

/** The fields of a create or update written onto a customer record. */
export function applyCustomerFields(kund: Kund, fields: Partial<CustomerFields>): void {
  const set = <K extends keyof Kund>(key: K, value: Kund[K] | undefined) => {
    if (value !== undefined) kund[key] = value;
  };
  set('namn', fields.name);
  if (fields.type !== undefined) kund.kundtyp = fields.type === 'private' ? 'P' : 'F';
  set('orgnr', fields.organisationNumber);
  if (fields.active !== undefined) kund.inaktiv = !fields.active;
  if (fields.address) {
    kund.postadress1 = fields.address.address1;
    kund.postadress2 = fields.address.address2;
    kund.postnr = fields.address.zipCode;
    kund.ort = fields.address.city;
    kund.landkod = fields.address.countryCode;
  }
  if (fields.deliveryAddress) {
    kund.levAdress1 = fields.deliveryAddress.address1;
    kund.levAdress2 = fields.deliveryAddress.address2;
    kund.levPostnr = fields.deliveryAddress.zipCode;
    kund.levOrt = fields.deliveryAddress.city;
    kund.levLandkod = fields.deliveryAddress.countryCode;
  }
  set('telefon', fields.phone1);
  set('telefon2', fields.phone2);
  set('epost', fields.email);
  set('epostFaktura', fields.emailInvoice);
  set('hemsida', fields.www);
  set('fax', fields.fax);
  set('erReferens', fields.yourReference);
  set('varReferens', fields.ourReference);
  set('anteckningar', fields.notes);
  set('betalningsvillkor', fields.termsOfPayment);
  set('leveransvillkor', fields.termsOfDelivery);
  set('valuta', fields.currency);
  set('prislista', fields.priceList);
  if (fields.invoiceDiscountBasisPoints !== undefined) {
    kund.fakturarabatt = fields.invoiceDiscountBasisPoints === null ? null : fields.invoiceDiscountBasisPoints / 100;
  }
  if (fields.invoiceAdministrationFeeOre !== undefined)
    kund.faktureringsavgift = nullableKronor(fields.invoiceAdministrationFeeOre);
  if (fields.invoiceFreightOre !== undefined) kund.frakt = nullableKronor(fields.invoiceFreightOre);
  set('momstyp', fields.vatType);
  set('forsaljningskonto', fields.salesAccount);
  set('resultatenhet', fields.costCenter);
  set('projekt', fields.project);
  if (fields.defaultDelivery !== undefined)
    kund.utskriftsval = fields.defaultDelivery ? utskriftsvalOf(fields.defaultDelivery) : null;
  set('blankett', fields.invoiceTemplate);
}

export function toArticle(artikel: Artikel): AccArticle {
  return {
    number: artikel.artnr,
    externalRef: artikel.fairwayRef,
    modifiedAt: artikel.senastAndrad,
    description: artikel.benamning,
    type: artikel.artikeltyp === 'Lagervara' ? 'STOCK' : 'SERVICE',
    unit: artikel.enhet,
    active: !artikel.inaktiv,
    discontinued: artikel.utgaende,
    ean: artikel.ean,
    manufacturer: artikel.tillverkare,
    manufacturerArticleNumber: artikel.tillverkarensArtnr,
    supplierNumber: artikel.leverantor,
    stockItem: artikel.lagerfors,
    stockPlace: artikel.lagerplats,
    stockQuantityHundredths: artikel.lagersaldo === null ? null : toHundredths(artikel.lagersaldo),
    disposableQuantityHundredths: artikel.disponibelt === null ? null : toHundredths(artikel.disponibelt),
    orderPointHundredths: artikel.bestallningspunkt === null ? null : toHundredths(artikel.bestallningspunkt),
    stockValueOre: nullableOre(artikel.lagervarde),
    salesAccountSe: artikel.kontoSverige,
    salesAccountEu: artikel.kontoEu,
    salesAccountExport: artikel.kontoExport,
    purchaseAccount: artikel.inkopskonto,
    vatPercent: artikel.momssats,
    salesPriceOre: nullableOre(artikel.pris),
    purchasePriceOre: nullableOre(artikel.inkopspris),
    widthMm: artikel.breddMm,
    heightMm: artikel.hojdMm,
    depthMm: artikel.djupMm,
    weightGrams: artikel.viktGram,
    notes: artikel.anteckning,
  };
}

export function applyArticleFields(artikel: Artikel, fields: Partial<ArticleFields>): void {
  const set = <K extends keyof Artikel>(key: K, value: Artikel[K] | undefined) => {
    if (value !== undefined) artikel[key] = value;
  };
  const hundredths = (value: number | null | undefined) =>
    value === undefined ? undefined : value === null ? null : fromHundredths(value);
  set('benamning', fields.description);
  if (fields.type !== undefined) artikel.artikeltyp = fields.type === 'STOCK' ? 'Lagervara' : 'Tjänst';
  set('enhet', fields.unit);
  if (fields.active !== undefined) artikel.inaktiv = !fields.active;
  set('utgaende', fields.discontinued);
  set('ean', fields.ean);
  set('tillverkare', fields.manufacturer);
  set('tillverkarensArtnr', fields.manufacturerArticleNumber);
  set('leverantor', fields.supplierNumber);
  set('lagerfors', fields.stockItem);
  set('lagerplats', fields.stockPlace);
  set('lagersaldo', hundredths(fields.stockQuantityHundredths));
  set('disponibelt', hundredths(fields.disposableQuantityHundredths));
  set('bestallningspunkt', hundredths(fields.orderPointHundredths));
  if (fields.stockValueOre !== undefined) artikel.lagervarde = nullableKronor(fields.stockValueOre);
  set('kontoSverige', fields.salesAccountSe);
  set('kontoEu', fields.salesAccountEu);
  set('kontoExport', fields.salesAccountExport);
  set('inkopskonto', fields.purchaseAccount);
  set('momssats', fields.vatPercent);
  if (fields.salesPriceOre !== undefined) artikel.pris = nullableKronor(fields.salesPriceOre);
  if (fields.purchasePriceOre !== undefined) artikel.inkopspris = nullableKronor(fields.purchasePriceOre);
  set('breddMm', fields.widthMm);
  set('hojdMm', fields.heightMm);
  set('djupMm', fields.depthMm);
  set('viktGram', fields.weightGrams);
  set('anteckning', fields.notes);
}

export const toRow = (rad: Rad): DocumentRow => ({
  articleNumber: rad.artnr,
  description: rad.benamning,
  quantityHundredths: toHundredths(rad.antal),
  unit: rad.enhet,
  priceOre: kronorToOre(rad.apris),
  vatPercent: rad.momssats,
  discountBasisPoints: Math.round(rad.rabatt * 100),
  costCenter: rad.resultatenhet,
  project: rad.projekt,
});

export const fromRow = (row: DocumentRow): Rad => ({
  artnr: row.articleNumber,
  benamning: row.description,
  antal: fromHundredths(row.quantityHundredths),
  enhet: row.unit,
  apris: oreToKronor(row.priceOre),
  momssats: row.vatPercent,
  rabatt: row.discountBasisPoints / 100,
  resultatenhet: row.costCenter,
  projekt: row.project,
});

/** Net, VAT and total in öre: rows rounded to öre, VAT summed per rate and rounded once per rate. */
export function totalsOf(rader: Rad[], pricesIncludeVat = false): { netOre: number; vatOre: number; totalOre: number } {
  const netByRate = new Map<number, number>();
  for (const rad of rader) {
    const line = Math.round(kronorToOre(rad.apris) * rad.antal * (1 - rad.rabatt / 100));
    const net = pricesIncludeVat ? Math.round((line * 100) / (100 + rad.momssats)) : line;
    netByRate.set(rad.momssats, (netByRate.get(rad.momssats) ?? 0) + net);
  }
  let netOre = 0;
  let vatOre = 0;
  for (const [rate, net] of netByRate) {
    netOre += net;
    vatOre += Math.round((net * rate) / 100);
  }
  return { netOre, vatOre, totalOre: netOre + vatOre };
}

/** Swedish OCR reference: the number followed by its Luhn (modulus 10) check digit. */
export function ocrOf(number: string): string {
  const digits = number.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

export const toPayment = (fakturanr: string, betalning: Inbetalning): InvoicePayment => ({
  number: betalning.betalningsnr,
  invoiceNumber: fakturanr,
  paymentDate: betalning.datum,
  amountOre: kronorToOre(betalning.belopp),
  modifiedAt: betalning.senastAndrad,
});

export function toInvoice(faktura: Faktura): AccInvoice {
  const totals = totalsOf(faktura.rader);
  const paidOre = faktura.inbetalningar.reduce((sum, b) => sum + kronorToOre(b.belopp), 0);
  return {
    number: faktura.fakturanr,
    externalRef: faktura.fairwayRef,
    customerNumber: faktura.kundnr,
    customerName: faktura.kundnamn,
    invoiceDate: faktura.fakturadatum,
    dueDate: faktura.forfallodatum,
    termsOfPayment: faktura.betalningsvillkor,
    invoiceType: faktura.fakturatyp === 'Kontantfaktura' ? 'CASH' : 'INVOICE',
    currency: faktura.valuta,
    yourReference: faktura.erReferens,
    ourReference: faktura.varReferens,
    remarks: faktura.text,
    costCenter: faktura.resultatenhet,
    project: faktura.projekt,
    rows: faktura.rader.map(toRow),
    ocr: faktura.ocr,
    ...totals,
    // A cancelled invoice, or one fully credited, leaves nothing to pay.
    balanceOre: faktura.makulerad || faktura.krediteradAv ? 0 : totals.totalOre - paidOre,
    booked: faktura.bokford,
    cancelled: faktura.makulerad,
    sent: faktura.skickad,
    isCredit: faktura.krediterar !== null,
    creditedInvoiceNumber: faktura.krediterar,
    credited: faktura.krediteradAv !== null,
    voucherNumbers: [...faktura.verifikationer],
    deliveryMethod: faktura.utskriftsval ? DELIVERY[faktura.utskriftsval] : null,
    contractNumber: faktura.avtalsnr,
    payments: faktura.inbetalningar.map((b) => toPayment(faktura.fakturanr, b)),
    modifiedAt: faktura.senastAndrad,
  };
}

export function toContract(avtal: Avtal, kundnamn: string): AccContract {
  return {
    number: avtal.avtalsnr,
    externalRef: avtal.fairwayRef,
    customerNumber: avtal.kundnr,
    customerName: kundnamn,
    contractDate: avtal.avtalsdatum,
    periodStart: avtal.periodFrom,
    periodEnd: avtal.periodTom,
    continuous: avtal.lopande,
    contractLength: avtal.avtalstid,
    invoiceInterval: avtal.fakturaintervall,
    active: avtal.aktiv,
    vatIncluded: avtal.prisInklMoms,
    termsOfPayment: avtal.betalningsvillkor,
    yourReference: avtal.erReferens,
    ourReference: avtal.varReferens,
    remarks: avtal.text,
    costCenter: avtal.resultatenhet,
    project: avtal.projekt,
    rows: avtal.rader.map(toRow),
    lastInvoiceDate: avtal.senastFakturerad,
    invoicesRemaining: avtal.antalFakturor,
    finished: avtal.avslutat,
    totalOre: totalsOf(avtal.rader, avtal.prisInklMoms).totalOre,
    modifiedAt: avtal.senastAndrad,
  };
}

export function applyContractFields(avtal: Avtal, fields: Partial<ContractFields>): void {
  const set = <K extends keyof Avtal>(key: K, value: Avtal[K] | undefined) => {
    if (value !== undefined) avtal[key] = value;
  };
  set('kundnr', fields.customerNumber);
  set('avtalsdatum', fields.contractDate);
  set('periodFrom', fields.periodStart);
  set('periodTom', fields.periodEnd);
  set('lopande', fields.continuous);
  set('avtalstid', fields.contractLength);
  set('fakturaintervall', fields.invoiceInterval);
  set('aktiv', fields.active);
  set('prisInklMoms', fields.vatIncluded);
  set('betalningsvillkor', fields.termsOfPayment);
  set('erReferens', fields.yourReference);
  set('varReferens', fields.ourReference);
  set('text', fields.remarks);
  set('resultatenhet', fields.costCenter);
  set('projekt', fields.project);
  if (fields.rows !== undefined) avtal.rader = fields.rows.map(fromRow);
}

export const toVoucher = (ver: Verifikation): AccVoucher => ({
  series: ver.serie,
  number: ver.vernr,
  // The portal names the voucher by series and number (apps/server/src/providers/visma-admin/PROTOCOL.md).
  year: null,
  date: ver.datum,
  description: ver.text,
  amountOre: kronorToOre(ver.belopp),
  transactionRef: ver.transaktionsref,
  rows: [],
  reversesVoucher: null,
  // The connector's verifikation carries no source document (apps/server/src/providers/visma-admin/PROTOCOL.md).
  books: null,
  modifiedAt: ver.senastAndrad,
});

export const toSupplier = (l: Leverantor): AccSupplier => ({
  number: l.levnr,
  name: l.namn,
  organisationNumber: l.orgnr,
  address: { address1: l.adress1, address2: null, zipCode: l.postnr, city: l.ort, countryCode: 'SE' },
  email: l.epost,
  phone: l.telefon,
  bankgiro: l.bankgiro,
  plusgiro: l.plusgiro,
  bankAccount: l.bankkonto,
  currency: l.valuta,
  active: !l.inaktiv,
  modifiedAt: l.senastAndrad,
});

export const toSupplierInvoice = (f: Leverantorsfaktura): AccSupplierInvoice => ({
  number: f.lopnr,
  supplierNumber: f.levnr,
  supplierName: f.levnamn,
  invoiceNumber: f.fakturanr,
  ocr: f.ocr,
  bankAccount: null,
  invoiceDate: f.fakturadatum,
  dueDate: f.forfallodatum,
  currency: f.valuta,
  totalOre: kronorToOre(f.summa),
  vatOre: kronorToOre(f.moms),
  comments: f.text,
  rows: f.konteringar.map((k) => ({
    account: k.konto,
    articleNumber: null,
    description: k.text,
    amountOre: kronorToOre(k.belopp),
  })),
  booked: f.bokford,
  cancelled: f.makulerad,
  credit: f.kredit,
  modifiedAt: f.senastAndrad,
});

export const toOrder = (order: Order): AccOrder => ({
  number: order.ordernr,
  customerNumber: order.kundnr,
  customerName: order.kundnamn,
  orderDate: order.orderdatum,
  yourReference: null,
  yourOrderNumber: null,
  currency: 'SEK',
  totalOre: kronorToOre(order.summa),
  vatOre: null,
  rows: [],
  remarks: null,
  invoiced: false,
  cancelled: order.makulerad,
  modifiedAt: order.senastAndrad,
});
