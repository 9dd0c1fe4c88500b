import { randomUUID } from 'node:crypto';
import { createPrng, type Prng } from '../../../lib/prng';
import { demoPurchasing } from '../../accounting/demo-purchasing';
import {
  bookVoucher,
  convertDraft,
  creditInVisma,
  markSent,
  registerPayment,
  writeArticle,
  writeCustomer,
  writeDraft,
} from './operations';
import { seededGuid } from './prng';
import { addDays, isoDate, SEND_TYPE, toOre, toSek, type VCustomer, type VismaStore, VOUCHER_TYPE } from './store';

/**
 * The demo club account's operating company ("Drift AB": restaurant, pro shop and driving range)
 * with ~40 customers, ~30 articles and ~200 invoices over the last 14 months in every state
 * (paid, partly paid, unpaid, overdue, credited, unsent, drafts), their payments and vouchers.
 * Everything is made through the same operations as the API, from a seeded PRNG, so two starts
 * with the same reference date give the same company.
 */

function luhn(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function organisationNumber(prng: Prng): string {
  const base = `55${prng.int(6, 9)}${String(prng.int(0, 999999)).padStart(6, '0')}`;
  return `${base.slice(0, 6)}-${base.slice(6)}${luhn(base)}`;
}

function personalNumber(prng: Prng): string {
  const base = `${prng.int(45, 99)}${String(prng.int(1, 12)).padStart(2, '0')}${String(prng.int(1, 28)).padStart(2, '0')}${String(prng.int(100, 999))}`;
  return `${base.slice(0, 6)}-${base.slice(6)}${luhn(base)}`;
}

const COMPANIES = [
  ['Bergs Bygg & Montage AB', 'Industrivägen 4', '611 38', 'Nyköping'],
  ['Anderssons El & Data AB', 'Västra Storgatan 12', '611 31', 'Nyköping'],
  ['Sörmlands Sparbank', 'Västra Storgatan 6', '611 31', 'Nyköping'],
  ['Kustbygdens Fastigheter AB', 'Hamnvägen 2', '611 35', 'Nyköping'],
  ['Trosa Revision KB', 'Västra Långgatan 9', '619 30', 'Trosa'],
  ['Oxelö Marin AB', 'Skeppsbron 3', '613 31', 'Oxelösund'],
  ['Lindqvist Redovisning AB', 'Brunnsgatan 21', '611 32', 'Nyköping'],
  ['Nordic Padel & Golf AB', 'Arenavägen 1', '611 62', 'Nyköping'],
  ['Stigtomta Lantbruk AB', 'Stigtomta Gård', '611 94', 'Stigtomta'],
  ['Bälinge Måleri AB', 'Bälingevägen 7', '611 92', 'Nyköping'],
  ['Hotell Kompaniet Nyköping AB', 'Fruängsgatan 41', '611 31', 'Nyköping'],
  ['Skavsta Logistik AB', 'Flygplatsvägen 10', '611 92', 'Nyköping'],
  ['Tystberga Snickeri AB', 'Kvarnvägen 5', '611 93', 'Tystberga'],
  ['Jönåker Rör & Värme AB', 'Byvägen 14', '611 96', 'Jönåker'],
  ['Golfresor i Norden AB', 'Sveavägen 44', '111 34', 'Stockholm'],
  ['Nyköpings Kommun', 'Stadshuset', '611 83', 'Nyköping'],
] as const;

const FIRST = [
  'Anna',
  'Erik',
  'Maria',
  'Lars',
  'Karin',
  'Johan',
  'Eva',
  'Anders',
  'Sofia',
  'Per',
  'Lena',
  'Mikael',
  'Ingrid',
  'Olof',
  'Helena',
  'Gustav',
  'Ulla',
  'Nils',
];
const LAST = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Lindberg',
  'Holm',
  'Sjöberg',
  'Ek',
];
const STREETS = [
  'Gästabudsvägen',
  'Ringvägen',
  'Tessinsgatan',
  'Repslagaregatan',
  'Folkungavägen',
  'Östra Kvarngatan',
  'Brandkärrsvägen',
  'Arnö allé',
];

type CodingKey = 'goods25' | 'goods12' | 'service25' | 'service12' | 'service6';
type UnitKey = 'st' | 'tim' | 'förp' | 'port';

const ARTICLES: [string, string, number, CodingKey, UnitKey, 'Restaurang' | 'Shop' | 'Range', number][] = [
  ['R100', 'Dagens lunch', 115, 'goods12', 'port', 'Restaurang', 0],
  ['R101', 'Lunchbuffé', 135, 'goods12', 'port', 'Restaurang', 0],
  ['R102', 'Frukost', 95, 'goods12', 'port', 'Restaurang', 0],
  ['R103', 'Kaffe & kanelbulle', 45, 'goods12', 'st', 'Restaurang', 0],
  ['R104', 'Grillad korv med bröd', 40, 'goods12', 'st', 'Restaurang', 0],
  ['R105', 'Räksmörgås', 159, 'goods12', 'st', 'Restaurang', 0],
  ['R106', 'Middag tre rätter', 495, 'goods12', 'port', 'Restaurang', 0],
  ['R107', 'Öl 40 cl', 64, 'goods25', 'st', 'Restaurang', 0],
  ['R108', 'Vin, glas', 88, 'goods25', 'st', 'Restaurang', 0],
  ['R109', 'Konferenspaket heldag', 695, 'service12', 'st', 'Restaurang', 0],
  ['R110', 'Konferensrum halvdag', 2400, 'service25', 'st', 'Restaurang', 0],
  ['S200', 'Golfbollar Pro V1, 12-pack', 519.2, 'goods25', 'förp', 'Shop', 60],
  ['S201', 'Golfhandske herr', 199.2, 'goods25', 'st', 'Shop', 40],
  ['S202', 'Golfhandske dam', 199.2, 'goods25', 'st', 'Shop', 25],
  ['S203', 'Tees trä 70 mm, 50-pack', 39.2, 'goods25', 'förp', 'Shop', 120],
  ['S204', 'Keps med klubbmärke', 199.2, 'goods25', 'st', 'Shop', 35],
  ['S205', 'Pikétröja med klubbmärke', 479.2, 'goods25', 'st', 'Shop', 30],
  ['S206', 'Golfparaply', 319.2, 'goods25', 'st', 'Shop', 15],
  ['S207', 'Bollmarkör i metall', 79.2, 'goods25', 'st', 'Shop', 80],
  ['S208', 'Bärbag', 1599.2, 'goods25', 'st', 'Shop', 6],
  ['S209', 'Presentkort shop', 400, 'goods25', 'st', 'Shop', 0],
  ['G300', 'Rangepolletter, hink 30 bollar', 37.74, 'service6', 'st', 'Range', 0],
  ['G301', 'Rangekort 10 hinkar', 330.19, 'service6', 'st', 'Range', 0],
  ['G302', 'Greenfee 18 hål', 518.87, 'service6', 'st', 'Range', 0],
  ['G303', 'Greenfee 9 hål', 330.19, 'service6', 'st', 'Range', 0],
  ['G304', 'Golflektion 30 min', 400, 'service25', 'tim', 'Range', 0],
  ['G305', 'Hyra golfbil 18 hål', 320, 'service25', 'st', 'Range', 0],
  ['G306', 'Hyra klubbset', 200, 'service25', 'st', 'Range', 0],
  ['G307', 'Företagsgolf, paket', 1320.75, 'service6', 'st', 'Range', 0],
  ['G308', 'Nybörjarkurs grönt kort', 1600, 'service25', 'st', 'Range', 0],
];

/** What a draft must carry of its customer (swagger: definitions.CustomerInvoiceDraftApi.required). */
function invoiceParty(customer: VCustomer) {
  return {
    CustomerId: customer.Id,
    InvoiceCustomerName: customer.Name,
    InvoiceAddress1: customer.InvoiceAddress1,
    InvoicePostalCode: customer.InvoicePostalCode,
    InvoiceCity: customer.InvoiceCity,
    InvoiceCountryCode: customer.InvoiceCountryCode,
    EuThirdParty: false,
    CustomerIsPrivatePerson: customer.IsPrivatePerson,
    RotReducedInvoicingType: 0,
  };
}

function withClock<T>(store: VismaStore, at: Date, fn: () => T): T {
  const real = store.now;
  store.now = () => at;
  try {
    return fn();
  } finally {
    store.now = real;
  }
}

export function seedDemoCompany(store: VismaStore): void {
  const prng = createPrng('fairway-visma-demo');
  const today = store.now();
  Object.assign(store.company, {
    Name: 'Sjöviks Golf Drift AB',
    Email: 'ekonomi@sjovikgolf.se',
    Phone: '0155-21 40 00',
    Address1: 'Sjöviksvägen 18',
    PostalCode: '611 99',
    City: 'Nyköping',
    Website: 'https://sjovikgolf.se',
    BankGiro: '5678-1234',
    CorporateIdentityNumber: '559123-4566',
    VatCode: 'SE559123456601',
    CompanyIdentifier: seededGuid(prng),
    NextCustomerInvoiceNumber: 1001,
    NextCustomerNumber: 1001,
  });

  const created = today.toISOString();
  const costCenter = {
    Id: seededGuid(prng),
    Number: 1,
    Name: 'Verksamhetsgren',
    IsActive: true,
    Items: [] as VismaStore['costCenters'][number]['Items'],
  };
  for (const [name, short] of [
    ['Restaurang', 'REST'],
    ['Shop', 'SHOP'],
    ['Range', 'RANGE'],
  ] as const) {
    costCenter.Items.push({
      Id: seededGuid(prng),
      CostCenterId: costCenter.Id,
      Name: name,
      ShortName: short,
      IsActive: true,
      CreatedUtc: created,
    });
  }
  store.costCenters.push(costCenter);
  const item = (name: string) => costCenter.Items.find((i) => i.Name === name)?.Id ?? null;
  const projectStart = isoDate(new Date(Date.UTC(today.getUTCFullYear() - 1, 3, 1)));
  store.projects.push(
    {
      Id: seededGuid(prng),
      Number: 'P10',
      Name: 'Klubbmästerskap',
      StartDate: projectStart,
      EndDate: null,
      CustomerId: null,
      CustomerName: null,
      Notes: null,
      Status: 1,
      ModifiedUtc: created,
    },
    {
      Id: seededGuid(prng),
      Number: 'P20',
      Name: 'Företagsgolf',
      StartDate: projectStart,
      EndDate: null,
      CustomerId: null,
      CustomerName: null,
      Notes: null,
      Status: 1,
      ModifiedUtc: created,
    },
  );
  store.articleLabels.push(
    { Id: seededGuid(prng), Name: 'Restaurang', Description: 'Mat och dryck' },
    { Id: seededGuid(prng), Name: 'Shop', Description: 'Butiken' },
    { Id: seededGuid(prng), Name: 'Range', Description: 'Övningsområdet' },
  );

  const termsByDays = (days: number) => store.termsOfPayment.find((t) => t.NumberOfDays === days)?.Id as string;
  const codingId = (key: CodingKey) => {
    const [type, vat] = {
      goods25: ['Goods', 0.25],
      goods12: ['Goods', 0.12],
      service25: ['Service', 0.25],
      service12: ['Service', 0.12],
      service6: ['Service', 0.06],
    }[key];
    return store.codings.find((c) => c.Type === type && c.VatRatePercent === vat)?.Id;
  };
  const unitId = (abbr: UnitKey) => store.units.find((u) => u.Abbreviation === abbr)?.Id;

  const historyStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 14, 1, 9));
  withClock(store, historyStart, () => {
    for (const [number, name, price, coding, unit, , stock] of ARTICLES) {
      writeArticle(store, {
        Number: number,
        Name: name,
        NetPrice: price,
        CodingId: codingId(coding),
        UnitId: unitId(unit),
        IsActive: true,
        IsStock: stock > 0,
        StockBalance: stock,
        PurchasePrice: stock > 0 ? Math.round(price * 0.55) : 0,
        StockLocationReference: stock > 0 ? 'Shoppen' : null,
        Barcodes: stock > 0 ? [{ Barcode: `73${String(prng.int(10_000_000_000, 99_999_999_999))}`, BarcodeType: 1 }] : [],
      });
    }
    for (const [name, address, zip, city] of COMPANIES) {
      const slug = name
        .toLowerCase()
        .replace(/[åä]/g, 'a')
        .replace(/ö/g, 'o')
        .replace(/[^a-z]+/g, '')
        .slice(0, 14);
      writeCustomer(store, {
        Name: name,
        IsPrivatePerson: false,
        IsActive: true,
        CorporateIdentityNumber: organisationNumber(prng),
        EmailAddress: prng.chance(0.85) ? `faktura@${slug}.se` : null,
        Telephone: `0155-${prng.int(10, 99)} ${prng.int(10, 99)} ${prng.int(10, 99)}`,
        InvoiceAddress1: address,
        InvoicePostalCode: zip,
        InvoiceCity: city,
        InvoiceCountryCode: 'SE',
        ContactPersonName: `${prng.pick(FIRST)} ${prng.pick(LAST)}`,
        TermsOfPaymentId: termsByDays(prng.pick([30, 30, 20, 15])),
        CurrencyCode: 'SEK',
        VatNumber: null,
      });
    }
    for (let i = 0; i < 24; i++) {
      const first = prng.pick(FIRST);
      const last = prng.pick(LAST);
      writeCustomer(store, {
        Name: `${first} ${last}`,
        IsPrivatePerson: true,
        IsActive: i !== 23,
        CorporateIdentityNumber: personalNumber(prng),
        EmailAddress: prng.chance(0.75)
          ? `${first}.${last}${i}@example.se`.toLowerCase().replace(/[åä]/g, 'a').replace(/ö/g, 'o')
          : null,
        MobilePhone: `070-${prng.int(100, 999)} ${prng.int(10, 99)} ${prng.int(10, 99)}`,
        InvoiceAddress1: `${prng.pick(STREETS)} ${prng.int(1, 60)}`,
        InvoicePostalCode: `61${prng.int(1, 4)} ${prng.int(30, 99)}`,
        InvoiceCity: 'Nyköping',
        InvoiceCountryCode: 'SE',
        TermsOfPaymentId: termsByDays(prng.pick([30, 10, 15])),
        CurrencyCode: 'SEK',
        Note: i % 7 === 0 ? 'Medlem sedan 2015, föredrar e-post.' : null,
      });
    }
  });

  const customers = [...store.customers.values()].filter((c) => c.IsActive);
  // A savings account beside the cheque account (its id from a PRNG of its own, so the rest of
  // the company stays as it was): payments go to the default cheque account.
  store.bankAccounts.push({
    Id: seededGuid(createPrng('fairway-visma-demo-savings')),
    Name: 'Sparkonto',
    BankAccountType: 3,
    BankAccountTypeDescription: 'Sparkonto',
    Bban: '5000-987 654 321',
    Iban: null,
    Bank: null,
    IsActive: true,
    LedgerAccountNumber: 1940,
    HasActiveBankAgreement: false,
    IsDefaultChequeAccount: false,
  });
  const bankAccountId = store.bankAccounts[0]?.Id as string;
  const articles = [...store.articles.values()];
  const section = (number: string) => ARTICLES.find((a) => a[0] === number)?.[5] ?? 'Restaurang';
  const daysAgo = (date: string) => Math.round((today.getTime() - Date.parse(`${date}T12:00:00Z`)) / 86_400_000);

  for (let n = 0; n < 200; n++) {
    // Spread evenly over 14 months, a little denser in the golf season.
    const offset = Math.floor((n / 200) * 425) + prng.int(0, 2);
    const date = addDays(isoDate(historyStart), Math.min(offset, 425));
    if (daysAgo(date) < 0) continue;
    const at = new Date(`${date}T10:${String(prng.int(0, 59)).padStart(2, '0')}:00Z`);
    const customer = prng.pick(customers);
    const rowCount = prng.int(1, 4);
    const rows = Array.from({ length: rowCount }, () => {
      const article = prng.pick(articles);
      const section_ = section(article.Number);
      return {
        ArticleId: article.Id,
        Quantity: customer.IsPrivatePerson ? prng.int(1, 3) : prng.int(1, 20),
        UnitPrice: article.NetPrice,
        DiscountPercentage: !customer.IsPrivatePerson && prng.chance(0.15) ? 0.1 : 0,
        CostCenterItemId1: item(section_),
        ProjectId: article.Number === 'G307' ? (store.projects[1]?.Id ?? null) : null,
      };
    });
    const invoice = withClock(store, at, () => {
      const draft = writeDraft(store, {
        ...invoiceParty(customer),
        InvoiceDate: date,
        Rows: rows,
        OurReference: prng.pick(['Kansliet', 'Restaurangchef', 'Shopen', 'Banchef']),
        YourReference: customer.IsPrivatePerson ? null : customer.ContactPersonName,
      });
      // The newest few stay drafts, as they would in a company mid-month.
      if (n >= 194) return null;
      return convertDraft(store, draft.Id, null);
    });
    if (!invoice) continue;
    const age = daysAgo(date);
    if (age > 3 || prng.chance(0.5)) {
      withClock(store, at, () => markSent(store, invoice.Id, customer.EmailAddress ? SEND_TYPE.email : SEND_TYPE.print));
    }
    const roll = prng.next();
    const overdueBy = daysAgo(invoice.DueDate);
    if (roll < 0.04 && age > 20) {
      // Credited in full a few days after it went out.
      withClock(store, new Date(at.getTime() + 5 * 86_400_000), () => {
        creditInVisma(store, invoice.Id, {
          ...invoiceParty(customer),
          InvoiceDate: addDays(date, 5),
          Rows: invoice.Rows.map((r) => ({
            ArticleId: r.ArticleId,
            Quantity: -r.Quantity,
            UnitPrice: r.UnitPrice,
            DiscountPercentage: r.DiscountPercentage,
            Text: r.Text,
          })),
          YourReference: invoice.YourReference,
        });
      });
    } else if (overdueBy > -3) {
      // Past due (or nearly): most paid, some partly, some overdue.
      const state = prng.next();
      if (state < 0.82 || age > 200) {
        const payDate = addDays(invoice.DueDate, prng.int(-12, 4));
        withClock(store, new Date(`${payDate}T08:00:00Z`), () =>
          registerPayment(store, invoice.Id, {
            PaymentDate: payDate,
            PaymentAmount: invoice.RemainingAmount,
            PaymentCurrency: 'SEK',
            PaymentType: 2,
            CompanyBankAccountId: bankAccountId,
            Reference: invoice.PaymentReferenceNumber,
          }),
        );
      } else if (state < 0.9) {
        const part = toSek(Math.round(toOre(invoice.RemainingAmount) * 0.5));
        const payDate = addDays(invoice.DueDate, prng.int(-5, 2));
        withClock(store, new Date(`${payDate}T08:00:00Z`), () =>
          registerPayment(store, invoice.Id, {
            PaymentDate: payDate,
            PaymentAmount: part,
            PaymentCurrency: 'SEK',
            PaymentType: 1,
            CompanyBankAccountId: bankAccountId,
            Reference: invoice.PaymentReferenceNumber,
          }),
        );
      }
    }
  }

  // Conference and restaurant bookings taken as orders.
  for (let n = 0; n < 15; n++) {
    const customer = prng.pick(customers.filter((c) => !c.IsPrivatePerson));
    const date = addDays(isoDate(today), -prng.int(0, 120));
    const article = prng.pick(articles.filter((a) => a.Number.startsWith('R')));
    const quantity = prng.int(8, 40);
    const amountOre = Math.round(toOre(article.NetPrice) * quantity);
    const vat = store.codings.find((c) => c.Id === article.CodingId)?.VatRatePercent ?? 0;
    const id = randomUUID();
    store.orders.set(id, {
      Id: id,
      Number: 501 + n,
      CustomerId: customer.Id,
      InvoiceCustomerName: customer.Name,
      CurrencyCode: 'SEK',
      Amount: toSek(amountOre),
      VatAmount: toSek(Math.round(amountOre * vat)),
      RoundingsAmount: 0,
      OrderDate: date,
      DeliveryDate: addDays(date, prng.int(3, 30)),
      Status: prng.pick([1, 2, 2, 3, 4]),
      YourReference: customer.ContactPersonName,
      OurReference: 'Restaurangchef',
      InvoicePostalCode: customer.InvoicePostalCode,
      InvoiceCity: customer.InvoiceCity,
      InvoiceCountryCode: customer.InvoiceCountryCode,
      EuThirdParty: false,
      CustomerIsPrivatePerson: customer.IsPrivatePerson,
      RotReducedInvoicingType: 0,
      ReverseChargeOnConstructionServices: false,
      Rows: [
        {
          LineNumber: 0,
          ArticleId: article.Id,
          ArticleNumber: article.Number,
          IsTextRow: false,
          Text: article.Name,
          UnitPrice: article.NetPrice,
          Quantity: quantity,
          DiscountPercentage: 0,
          IsWorkCost: false,
          EligibleForReverseChargeOnVat: false,
        },
      ],
      CreatedUtc: `${date}T09:00:00.000Z`,
      ModifiedUtc: `${date}T09:00:00.000Z`,
    });
  }
  seedPurchasing(store, customers);
}

/**
 * Dubbelkoll's demo (providers/accounting/demo-purchasing.ts) as Visma documents: suppliers,
 * supplier invoices (registered, so booked, each with its voucher in series D), orders (status 4
 * once invoiced) and manual vouchers in series A. Ids are seeded GUIDs, so a restart gives the same.
 */
function seedPurchasing(store: VismaStore, customers: VCustomer[]): void {
  const today = isoDate(store.now());
  const demo = demoPurchasing(today, customers.length);
  const ids = createPrng('fairway-visma-purchasing');
  const terms = store.termsOfPayment[0]?.Id ?? '';
  const article = [...store.articles.values()][0];
  const supplierIds = new Map<string, string>();
  const at = (date: string) => `${date}T09:00:00.000Z`;
  for (const s of demo.suppliers) {
    const id = seededGuid(ids);
    supplierIds.set(s.number, id);
    store.suppliers.set(id, {
      Id: id,
      SupplierNumber: s.number,
      Name: s.name,
      CorporateIdentityNumber: s.organisationNumber,
      Address1: s.address1,
      Address2: null,
      PostalCode: s.zipCode,
      City: s.city,
      CountryCode: 'SE',
      EmailAddress: s.email,
      Telephone: s.phone,
      BankgiroNumber: s.bankgiro || null,
      PlusgiroNumber: s.plusgiro || null,
      BankAccountNumber: s.bankAccount && !s.bankAccount.startsWith('SE') ? s.bankAccount : null,
      BankIban: s.bankAccount.startsWith('SE') ? s.bankAccount : null,
      CurrencyCode: 'SEK',
      TermsOfPaymentId: terms,
      UsesPaymentReferenceNumbers: true,
      IsActive: true,
      CreatedUtc: at(addDays(today, -400)),
      ModifiedUtc: at(addDays(today, -400)),
    });
  }
  for (const i of demo.supplierInvoices) {
    const supplier = store.suppliers.get(supplierIds.get(i.supplierNumber) ?? '');
    if (!supplier) continue;
    const sek = (ore: number) => toSek(ore);
    const rows = [
      ...i.rows.map((r) => ({ account: r.account, ore: r.amountOre, text: r.description })),
      ...(i.vatOre !== 0 ? [{ account: 2641, ore: i.vatOre, text: 'Ingående moms' }] : []),
    ];
    const voucher = bookVoucher(
      store,
      {
        VoucherDate: i.invoiceDate,
        VoucherText: `Leverantörsfaktura ${i.invoiceNumber}, ${supplier.Name}`.slice(0, 100),
        VoucherType: VOUCHER_TYPE.manual,
        SourceId: null,
        Rows: [
          ...rows.map((r) => ({
            AccountNumber: r.account,
            AccountDescription: '',
            DebitAmount: r.ore > 0 ? sek(r.ore) : 0,
            CreditAmount: r.ore < 0 ? sek(-r.ore) : 0,
            TransactionText: r.text,
            CostCenterItemId1: null,
            ProjectId: null,
          })),
          {
            AccountNumber: 2440,
            AccountDescription: 'Leverantörsskulder',
            DebitAmount: 0,
            CreditAmount: sek(i.totalOre),
            TransactionText: null,
            CostCenterItemId1: null,
            ProjectId: null,
          },
        ],
      },
      'D',
    );
    const id = seededGuid(ids);
    store.supplierInvoices.set(id, {
      Id: id,
      SupplierId: supplier.Id,
      SupplierName: supplier.Name,
      SupplierNumber: supplier.SupplierNumber,
      InvoiceDate: i.invoiceDate,
      DueDate: i.dueDate,
      InvoiceNumber: i.invoiceNumber,
      TotalAmount: sek(i.totalOre),
      Vat: sek(i.vatOre),
      IsCreditInvoice: false,
      CurrencyCode: 'SEK',
      OcrNumber: i.ocr || null,
      Message: i.comments,
      BankGiroNumber: supplier.BankgiroNumber,
      PlusGiroNumber: supplier.PlusgiroNumber,
      RemainingAmount: i.invoiceDate < addDays(today, -40) ? 0 : sek(i.totalOre),
      VoucherNumber: voucher.NumberAndNumberSeries,
      VoucherId: voucher.Id,
      Rows: i.rows.map((r, line) => ({
        Id: seededGuid(ids),
        AccountNumber: r.account,
        AccountName: '',
        DebetAmount: sek(r.amountOre),
        CreditAmount: 0,
        TransactionText: r.description,
        LineNumber: line,
      })),
      CreatedUtc: at(i.invoiceDate),
      ModifiedUtc: at(i.invoiceDate),
    });
  }
  let number = 900;
  for (const o of demo.orders) {
    const customer = customers[o.customerIndex % customers.length];
    if (!customer || !article) continue;
    const netOre = o.rows.reduce((sum, r) => sum + r.quantity * r.priceOre, 0);
    const vatOre = o.rows.reduce((sum, r) => sum + Math.round((r.quantity * r.priceOre * r.vatPercent) / 100), 0);
    const id = seededGuid(ids);
    store.orders.set(id, {
      Id: id,
      Number: number++,
      CustomerId: customer.Id,
      InvoiceCustomerName: customer.Name,
      CurrencyCode: 'SEK',
      Amount: toSek(netOre),
      VatAmount: toSek(vatOre),
      RoundingsAmount: 0,
      OrderDate: o.orderDate,
      DeliveryDate: null,
      Status: o.invoiced ? 4 : 2,
      YourReference: o.yourOrderNumber,
      OurReference: o.yourReference || null,
      InvoicePostalCode: customer.InvoicePostalCode,
      InvoiceCity: customer.InvoiceCity,
      InvoiceCountryCode: customer.InvoiceCountryCode,
      EuThirdParty: false,
      CustomerIsPrivatePerson: customer.IsPrivatePerson,
      RotReducedInvoicingType: 0,
      ReverseChargeOnConstructionServices: false,
      Rows: o.rows.map((r, line) => ({
        LineNumber: line,
        ArticleId: article.Id,
        ArticleNumber: r.articleNumber,
        IsTextRow: false,
        Text: r.description,
        UnitPrice: toSek(r.priceOre),
        Quantity: r.quantity,
        DiscountPercentage: 0,
        IsWorkCost: false,
        EligibleForReverseChargeOnVat: false,
      })),
      CreatedUtc: at(o.orderDate),
      ModifiedUtc: at(o.orderDate),
    });
  }
  for (const v of demo.vouchers) {
    bookVoucher(
      store,
      {
        VoucherDate: v.date,
        VoucherText: v.description.slice(0, 100),
        VoucherType: VOUCHER_TYPE.manual,
        SourceId: null,
        Rows: v.rows.map((r) => ({
          AccountNumber: r.account,
          AccountDescription: '',
          DebitAmount: toSek(r.debitOre),
          CreditAmount: toSek(r.creditOre),
          TransactionText: r.description,
          CostCenterItemId1: null,
          ProjectId: null,
        })),
      },
      'A',
    );
  }
}
