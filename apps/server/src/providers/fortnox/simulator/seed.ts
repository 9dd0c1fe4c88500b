import { addDays, addMonths } from '../../../lib/stockholm-time';
import { demoPurchasing } from '../../accounting/demo-purchasing';
import { oreToKronor } from '../money';
import { luhnCheckDigit } from '../ocr';
import type { FortnoxSimStore, SimTenant } from './store';

/**
 * Demo data for a Swedish golf club's Fortnox company: members and companies as customers,
 * greenfees, membership fees, range and shop articles at 25/12/6/0 % VAT, about 300 invoices
 * over the last 14 months in every state, their payments and vouchers, contracts and shop
 * orders. A seeded PRNG makes the same data for the same `today`, so tests can rely on it.
 */

/** mulberry32: small, fast and good enough for demo data. */
/** A document the seed has just created; the store keeps every one it creates. */
function storedIn<V>(documents: Map<string, V>, key: string): V {
  const found = documents.get(key);
  if (!found) throw new Error(`seed: ${key} was not stored`);
  return found;
}

export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof createRandom>;

const FIRST_NAMES = [
  'Anna',
  'Erik',
  'Maria',
  'Lars',
  'Karin',
  'Anders',
  'Eva',
  'Johan',
  'Kristina',
  'Per',
  'Lena',
  'Mikael',
  'Sara',
  'Karl',
  'Ingrid',
  'Nils',
  'Emma',
  'Olof',
  'Birgitta',
  'Gustav',
  'Elin',
  'Magnus',
  'Ulla',
  'Fredrik',
  'Åsa',
  'Björn',
  'Linnéa',
  'Sven',
];
const LAST_NAMES = [
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
  'Pettersson',
  'Jonsson',
  'Lindberg',
  'Lindström',
  'Lindqvist',
  'Engström',
  'Bergström',
  'Sjöberg',
  'Wallin',
  'Åberg',
  'Öberg',
  'Hedlund',
  'Forsberg',
  'Sandberg',
  'Holm',
  'Ekström',
];
const STREETS = [
  'Storgatan',
  'Kyrkogatan',
  'Skolgatan',
  'Drottninggatan',
  'Ringvägen',
  'Björkvägen',
  'Tallstigen',
  'Ängsvägen',
  'Sjövägen',
  'Golfvägen',
  'Backavägen',
  'Prästgårdsvägen',
  'Hagagatan',
  'Östra Långgatan',
];
const PLACES: [string, string][] = [
  ['753 20', 'Uppsala'],
  ['752 31', 'Uppsala'],
  ['741 30', 'Knivsta'],
  ['746 31', 'Bålsta'],
  ['186 30', 'Vallentuna'],
  ['194 34', 'Upplands Väsby'],
  ['197 30', 'Bro'],
  ['733 30', 'Sala'],
  ['745 31', 'Enköping'],
  ['811 30', 'Sandviken'],
];
const COMPANIES = [
  'Upplands Bygg AB',
  'Fyrisåns Bil AB',
  'Svenssons Måleri AB',
  'Gränby Elektriska AB',
  'Sävja Redovisning AB',
  'Nordic Turf Care AB',
  'Lindbergs Fastigheter AB',
  'Bergström & Söner Åkeri AB',
  'Ekströms Konditori AB',
  'Knivsta Tandvård AB',
  'Mälardalens Golfresor AB',
  'Sjöbergs Advokatbyrå KB',
];

/** Golf club articles: number, description, unit, VAT %, price ex VAT (kronor), stock item. */
const ARTICLES: [string, string, string, number, number, boolean][] = [
  ['100', 'Medlemsavgift senior', 'år', 0, 6200, false],
  ['101', 'Medlemsavgift junior', 'år', 0, 1800, false],
  ['102', 'Medlemsavgift vardag', 'år', 0, 4300, false],
  ['103', 'Spelrätt fullvärdig', 'år', 0, 2500, false],
  ['104', 'Inträdesavgift', 'st', 0, 5000, false],
  ['110', 'Greenfee 18 hål', 'rnd', 6, 566.04, false],
  ['111', 'Greenfee 9 hål', 'rnd', 6, 330.19, false],
  ['112', 'Greenfee junior', 'rnd', 6, 188.68, false],
  ['113', 'Greenfee gäst med medlem', 'rnd', 6, 424.53, false],
  ['120', 'Rangekort 50 hinkar', 'st', 6, 1320.75, false],
  ['121', 'Driving range hink', 'hink', 6, 37.74, false],
  ['122', 'Golfsimulator per timme', 'tim', 6, 283.02, false],
  ['123', 'Golflektion 30 min', 'st', 6, 377.36, false],
  ['124', 'Tävlingsavgift', 'st', 6, 188.68, false],
  ['130', 'Golfbil 18 hål', 'st', 25, 280, false],
  ['131', 'Skåphyra', 'år', 25, 480, false],
  ['132', 'Vagnbod plats', 'år', 25, 640, false],
  ['140', 'Golfbollar Pro V1, 12-pack', 'st', 25, 519.2, true],
  ['141', 'Golfhandske herr', 'st', 25, 199.2, true],
  ['142', 'Keps med klubbmärke', 'st', 25, 199.2, true],
  ['143', 'Tees, 50-pack', 'st', 25, 39.2, true],
  ['150', 'Kaffe och bulle', 'st', 12, 53.57, false],
  ['151', 'Dagens lunch', 'st', 12, 116.07, false],
  ['152', 'Korv med bröd', 'st', 12, 31.25, false],
  ['160', 'Sponsring hålskylt', 'år', 25, 8000, false],
];

function personalNumber(r: Random): string {
  const year = r.int(1940, 2010);
  const month = String(r.int(1, 12)).padStart(2, '0');
  const day = String(r.int(1, 28)).padStart(2, '0');
  const serial = String(r.int(100, 999));
  const base = `${String(year).slice(2)}${month}${day}${serial}`;
  return `${year}${month}${day}-${serial}${luhnCheckDigit(base)}`;
}

function organisationNumber(r: Random): string {
  const base = `55${r.int(6000, 9999)}${r.int(100, 999)}`;
  return `${base.slice(0, 6)}-${base.slice(6)}${luhnCheckDigit(base)}`;
}

export function seedEmptyTenant(
  store: FortnoxSimStore,
  tenantId: string,
  name = 'Fairway Demo GK',
  organisationNumber = '802004-1234',
): SimTenant {
  return store.addTenant({
    tenantId,
    companyName: name,
    organisationNumber,
    address: 'Golfvägen 1',
    zipCode: '741 91',
    city: 'Knivsta',
  });
}

export function seedDemoTenant(
  store: FortnoxSimStore,
  tenantId: string,
  name?: string,
  orgNumber?: string,
  seed = 4711,
): SimTenant {
  const t = seedEmptyTenant(store, tenantId, name, orgNumber);
  const r = createRandom(seed);
  const today = store.today();
  // Seeded documents change "in the past": spread their modification times over the history.
  const at = (date: string) => Math.min(Date.parse(`${date}T10:00:00Z`), store.clock().getTime());

  for (const [number, description, unit, vat, price, stock] of ARTICLES) {
    const article = store.createArticle(t, {
      ArticleNumber: number,
      Description: description,
      Unit: unit,
      VAT: vat,
      Type: stock ? 'STOCK' : 'SERVICE',
      StockGoods: stock,
      QuantityInStock: stock ? r.int(5, 120) : 0,
      PurchasePrice: stock ? Math.round(price * 0.55 * 100) / 100 : 0,
      StockPlace: stock ? 'Shop' : '',
    });
    // The article's sales price is its price in the preselected price list (CONTRACT.md rule P1).
    store.createPrice(t, { ArticleNumber: number, PriceList: 'A', FromQuantity: 0, Price: price });
    article.DisposableQuantity = article.QuantityInStock;
    storedIn(t.articles, number).modifiedAt = at(addDays(today, -400));
    article.StockValue = Math.round(article.QuantityInStock * article.PurchasePrice * 100) / 100;
  }

  const customerNumbers: string[] = [];
  const companyNumbers: string[] = [];
  for (let i = 0; i < 60; i++) {
    const company = i % 5 === 4 && companyNumbers.length < COMPANIES.length;
    const [zip, city] = r.pick(PLACES);
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const name = company ? COMPANIES[companyNumbers.length] : `${first} ${last}`;
    const slug = (s: string) =>
      s
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '');
    const customer = store.createCustomer(t, {
      // Golf clubs number members from their golf ID series; companies get the 5000 range.
      CustomerNumber: company ? String(5001 + companyNumbers.length) : String(1001 + i),
      Name: name,
      Type: company ? 'COMPANY' : 'PRIVATE',
      OrganisationNumber: company ? organisationNumber(r) : personalNumber(r),
      Address1: `${r.pick(STREETS)} ${r.int(1, 60)}`,
      ZipCode: zip,
      City: city,
      Phone1: `07${r.int(0, 9)}-${r.int(100, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`,
      Email: company
        ? `faktura@${slug(name.replace(/ AB| KB/, ''))}.se`
        : i % 11 === 10
          ? ''
          : `${slug(first)}.${slug(last)}${i}@example.se`,
      TermsOfPayment: company ? '30' : r.pick(['20', '30']),
      YourReference: company ? `${first} ${last}` : '',
      OurReference: 'Kansliet',
      Active: i % 17 !== 16,
      DefaultDeliveryTypes: { Invoice: company ? 'ELECTRONICINVOICE' : i % 11 === 10 ? 'PRINT' : 'EMAIL' },
    });
    storedIn(t.customers, customer.CustomerNumber).modifiedAt = at(addDays(today, -r.int(30, 420)));
    (company ? companyNumbers : customerNumbers).push(customer.CustomerNumber);
  }

  // Contracts: yearly memberships for companies' corporate members, sponsorships, cart sheds.
  const contractPlans: { articles: string[]; months: number; interval: 1 | 3 | 6 | 12; continuous: boolean }[] = [
    { articles: ['160'], months: 12, interval: 12, continuous: true },
    { articles: ['100'], months: 12, interval: 3, continuous: false },
    { articles: ['132', '131'], months: 12, interval: 12, continuous: true },
    { articles: ['103'], months: 24, interval: 6, continuous: false },
    { articles: ['120'], months: 12, interval: 1, continuous: false },
  ];
  for (let i = 0; i < 20; i++) {
    const plan = contractPlans[i % contractPlans.length];
    const customer = i % 3 === 0 ? r.pick(companyNumbers) : r.pick(customerNumbers);
    // Most started during the last 18 months; every tenth starts next month or the one after.
    const start = `${addMonths(today, i % 10 === 5 ? 1 + (i % 2) : -r.int(0, 18)).slice(0, 7)}-01`;
    const contract = store.createContract(t, {
      CustomerNumber: customer,
      ContractDate: addDays(start, -r.int(5, 30)),
      PeriodStart: start,
      ContractLength: plan.months,
      InvoiceInterval: plan.interval,
      Continuous: plan.continuous,
      Active: i % 9 !== 8,
      InvoiceRows: plan.articles.map((a) => ({ ArticleNumber: a, DeliveredQuantity: '1' })),
      OurReference: 'Kansliet',
    });
    const stored = storedIn(t.contracts, contract.DocumentNumber);
    stored.modifiedAt = at(contract.ContractDate);
    if (i % 7 === 6) stored.finished = true;
  }

  // Invoices over the last 14 months, oldest first so numbers follow dates.
  const dates = Array.from({ length: 300 }, () => addDays(today, -r.int(0, 425))).sort();
  for (const [index, date] of dates.entries()) {
    const company = r.chance(0.2);
    const customer = company ? r.pick(companyNumbers) : r.pick(customerNumbers);
    const kind = r.next();
    const rows =
      kind < 0.35
        ? [{ ArticleNumber: r.pick(['100', '101', '102', '103']), DeliveredQuantity: '1' }]
        : kind < 0.6
          ? [{ ArticleNumber: r.pick(['110', '111', '112', '113']), DeliveredQuantity: String(r.int(1, 4)) }]
          : kind < 0.8
            ? [
                { ArticleNumber: r.pick(['140', '141', '142', '143']), DeliveredQuantity: String(r.int(1, 3)) },
                { ArticleNumber: r.pick(['150', '151', '152']), DeliveredQuantity: String(r.int(1, 6)) },
              ]
            : [
                { ArticleNumber: r.pick(['120', '122', '123', '124']), DeliveredQuantity: '1' },
                { ArticleNumber: r.pick(['130', '131']), DeliveredQuantity: '1', Discount: r.pick([0, 10, 25]) },
                { Description: 'Administrativ avgift', Price: 35, VAT: 25, DeliveredQuantity: '1' },
              ];
    const invoice = store.createInvoice(t, {
      CustomerNumber: customer,
      InvoiceDate: date,
      InvoiceRows: rows,
      OurReference: 'Kansliet',
      CostCenter: r.pick(['BANA', 'KANS', 'SHOP', 'REST', '']),
      ...(index % 10 === 0 ? { ExternalInvoiceReference1: `GIT-${100_000 + index}` } : {}),
    });
    const age = Date.parse(today) - Date.parse(date);
    const recent = age < 10 * 86_400_000;
    const fate = r.next();
    if (recent && fate < 0.5) {
      // Drafts not yet booked.
    } else if (fate < 0.06) {
      store.cancelInvoice(t, invoice.DocumentNumber);
    } else {
      store.bookkeepInvoice(t, invoice.DocumentNumber);
      const customerDoc = storedIn(t.customers, customer).doc;
      const way =
        customerDoc.DefaultDeliveryTypes.Invoice === 'ELECTRONICINVOICE' ? 'EINVOICE' : customerDoc.Email ? 'EMAIL' : 'PRINT';
      store.sendInvoice(t, invoice.DocumentNumber, way);
      const due = invoice.DueDate;
      const overdueLong = Date.parse(today) - Date.parse(due) > 0;
      const payFate = r.next();
      if (payFate < 0.72 && (overdueLong || r.chance(0.4))) {
        const paymentDate = addDays(invoice.InvoiceDate, r.int(3, 28));
        const payDate = paymentDate > today ? today : paymentDate;
        const partial = payFate < 0.06;
        const amount = partial ? Math.round(invoice.Total * 0.5) : invoice.Total;
        const payment = store.createPayment(t, { InvoiceNumber: invoice.DocumentNumber, Amount: amount, PaymentDate: payDate });
        store.bookkeepPayment(t, String(payment.Number));
        storedIn(t.invoicepayments, String(payment.Number)).modifiedAt = at(payDate);
      } else if (payFate > 0.95) {
        store.creditInvoice(t, invoice.DocumentNumber);
      }
    }
    storedIn(t.invoices, invoice.DocumentNumber).modifiedAt = at(addDays(date, r.int(0, 20)));
  }

  // Contract invoices for ongoing contracts.
  for (const stored of t.contracts.values()) {
    const c = stored.doc;
    if (!stored.finished && c.Active && c.PeriodStart <= today && r.chance(0.7)) {
      store.createInvoiceFromContract(t, c.DocumentNumber);
    }
  }

  seedPurchasing(store, t, customerNumbers, at);
  for (const stored of t.vouchers.values()) stored.modifiedAt = at(stored.doc.TransactionDate);
  return t;
}

/**
 * Dubbelkoll's demo (providers/accounting/demo-purchasing.ts) as Fortnox documents: suppliers,
 * supplier invoices (booked, credited), shop orders (invoiced ones with their invoice), manual
 * vouchers in series A, and one customer invoice entered twice.
 */
function seedPurchasing(store: FortnoxSimStore, t: SimTenant, customerNumbers: string[], at: (date: string) => number) {
  const demo = demoPurchasing(store.today(), customerNumbers.length);
  for (const s of demo.suppliers) {
    store.createSupplier(t, {
      SupplierNumber: s.number,
      Name: s.name,
      OrganisationNumber: s.organisationNumber,
      Address1: s.address1,
      ZipCode: s.zipCode,
      City: s.city,
      Email: s.email,
      Phone1: s.phone,
      BG: s.bankgiro,
      PG: s.plusgiro,
      ...(s.bankAccount.startsWith('SE') ? { IBAN: s.bankAccount } : { BankAccountNumber: s.bankAccount }),
    });
    storedIn(t.suppliers, s.number).modifiedAt = at(addDays(store.today(), -400));
  }
  for (const i of demo.supplierInvoices) {
    const made = store.createSupplierInvoice(t, {
      SupplierNumber: i.supplierNumber,
      InvoiceNumber: i.invoiceNumber,
      OCR: i.ocr,
      InvoiceDate: i.invoiceDate,
      DueDate: i.dueDate,
      Total: oreToKronor(i.totalOre),
      VAT: oreToKronor(i.vatOre),
      Comments: i.comments,
      SupplierInvoiceRows: i.rows.map((row) => ({
        Account: row.account,
        ItemDescription: row.description,
        Total: oreToKronor(row.amountOre),
      })),
    });
    if (i.booked) store.bookkeepSupplierInvoice(t, made.GivenNumber);
    if (i.creditAfter) {
      store.creditSupplierInvoice(t, made.GivenNumber);
      const credit = String(storedIn(t.supplierinvoices, made.GivenNumber).doc.CreditReference);
      storedIn(t.supplierinvoices, credit).modifiedAt = at(addDays(i.invoiceDate, 10));
    }
    storedIn(t.supplierinvoices, made.GivenNumber).modifiedAt = at(i.invoiceDate);
  }
  for (const o of demo.orders) {
    const number = String(t.next.order++);
    const customer = storedIn(t.customers, customerNumbers[o.customerIndex]).doc;
    const netOre = o.rows.reduce((sum, row) => sum + row.quantity * row.priceOre, 0);
    const vatOre = o.rows.reduce((sum, row) => sum + Math.round((row.quantity * row.priceOre * row.vatPercent) / 100), 0);
    const orderRows = o.rows.map((row) => ({
      ArticleNumber: row.articleNumber,
      Description: row.description,
      OrderedQuantity: `${row.quantity}.00`,
      DeliveredQuantity: o.invoiced ? `${row.quantity}.00` : '0.00',
      Unit: 'st',
      Price: oreToKronor(row.priceOre),
      VAT: row.vatPercent,
      Discount: 0,
      CostCenter: 'SHOP',
      Project: '',
      Total: oreToKronor(row.quantity * row.priceOre),
    }));
    let invoiceReference = '0';
    if (o.invoiced) {
      // Shop articles may not exist in the register: the invoice carries the rows as text rows.
      const invoice = store.createInvoice(t, {
        CustomerNumber: customer.CustomerNumber,
        InvoiceDate: o.orderDate,
        YourOrderNumber: o.yourOrderNumber,
        InvoiceRows: o.rows.map((row) => ({
          Description: row.description,
          DeliveredQuantity: `${row.quantity}.00`,
          Price: oreToKronor(row.priceOre),
          VAT: row.vatPercent,
        })),
      });
      invoiceReference = invoice.DocumentNumber;
      storedIn(t.invoices, invoice.DocumentNumber).modifiedAt = at(o.orderDate);
    }
    t.orders.set(number, {
      doc: {
        '@url': `https://api.fortnox.se/3/orders/${number}`,
        DocumentNumber: number,
        CustomerNumber: customer.CustomerNumber,
        CustomerName: customer.Name,
        OrderDate: o.orderDate,
        Currency: 'SEK',
        Net: oreToKronor(netOre),
        TotalVAT: oreToKronor(vatOre),
        Total: oreToKronor(netOre + vatOre),
        YourReference: o.yourReference,
        YourOrderNumber: o.yourOrderNumber,
        OurReference: '',
        Remarks: o.remarks,
        Cancelled: o.cancelled,
        Sent: false,
        InvoiceReference: invoiceReference,
        OrderRows: orderRows,
      },
      modifiedAt: at(o.orderDate),
    });
  }
  for (const v of demo.vouchers) {
    store.addVoucher(
      t,
      'A',
      v.date,
      v.description,
      '',
      'MANUAL',
      v.rows.map((row) => ({
        Account: row.account,
        Debit: oreToKronor(row.debitOre),
        Credit: oreToKronor(row.creditOre),
        Description: row.description,
        TransactionInformation: '',
      })),
    );
  }
  // A customer invoice entered twice: the latest booked invoice of a company customer (its "your
  // reference", the contact, is typed again), three days later. Without the reference the pair is
  // one the engine cannot tell from a repeat purchase (docs/duplicates.md#limits).
  const booked = [...t.invoices.values()]
    .map((s) => s.doc)
    .filter((i) => i.Booked && !i.Cancelled && i.Credit !== 'true' && i.InvoiceRows.length > 0 && !!i.YourReference)
    .at(-1);
  if (booked) {
    const again = store.createInvoice(t, {
      CustomerNumber: booked.CustomerNumber,
      InvoiceDate: addDays(booked.InvoiceDate, 3),
      YourReference: booked.YourReference,
      InvoiceRows: booked.InvoiceRows.map((row) => ({
        ArticleNumber: row.ArticleNumber,
        Description: row.Description,
        DeliveredQuantity: row.DeliveredQuantity,
        Price: row.Price,
        VAT: row.VAT,
      })),
    });
    storedIn(t.invoices, again.DocumentNumber).modifiedAt = at(again.InvoiceDate);
  }
}
