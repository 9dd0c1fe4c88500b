import { addDays } from '../../lib/stockholm-time';

/**
 * Program-neutral demo data for Dubbelkoll (docs/duplicates.md): a golf club's suppliers and a
 * year of supplier invoices, shop orders and manual vouchers, with duplicates of every kind the
 * engine finds and near-misses that are not duplicates. Both simulators' seeds
 * (fortnox/simulator/seed.ts, visma-eekonomi/simulator/seed.ts) map it into their own documents,
 * so the demo looks the same whichever program a club uses.
 *
 * Deterministic: the same `today` gives the same data (a fixed PRNG, no clock). Amounts are öre.
 */

/** What a planted document is: a duplicate of a kind, a near-miss, or nothing special. */
export type DemoCase =
  | 'exact_copy'
  | 'reference_typo'
  | 'swapped_digits'
  | 'reference_written_differently'
  | 'amount_excl_vat'
  | 'rounded_amount'
  | 'date_moved_week'
  | 'wrong_supplier'
  | 'near_miss_rent'
  | 'near_miss_instalment'
  | 'near_miss_credit';

export interface DemoSupplier {
  number: string;
  name: string;
  organisationNumber: string;
  address1: string;
  zipCode: string;
  city: string;
  email: string;
  phone: string;
  bankgiro: string;
  plusgiro: string;
  bankAccount: string;
}

export interface DemoCostRow {
  account: number;
  description: string;
  /** Excl. VAT. */
  amountOre: number;
}

export interface DemoSupplierInvoice {
  supplierNumber: string;
  invoiceNumber: string;
  ocr: string;
  invoiceDate: string;
  dueDate: string;
  totalOre: number;
  vatOre: number;
  comments: string;
  rows: DemoCostRow[];
  booked: boolean;
  /** Index (in `supplierInvoices`) of the original a planted duplicate copies. */
  duplicateOf: number | null;
  /** Credit this (booked) invoice after it is made: the credit and its invoice are a near-miss. */
  creditAfter: boolean;
  demoCase: DemoCase | null;
}

export interface DemoOrderRow {
  articleNumber: string;
  description: string;
  quantity: number;
  priceOre: number;
  vatPercent: number;
}

export interface DemoOrder {
  /** Index into the caller's customer numbers. */
  customerIndex: number;
  orderDate: string;
  yourReference: string;
  yourOrderNumber: string;
  remarks: string;
  rows: DemoOrderRow[];
  invoiced: boolean;
  cancelled: boolean;
  duplicateOf: number | null;
}

export interface DemoVoucherRow {
  account: number;
  debitOre: number;
  creditOre: number;
  description: string;
}

export interface DemoVoucher {
  date: string;
  description: string;
  rows: DemoVoucherRow[];
  duplicateOf: number | null;
}

export interface DemoPurchasing {
  suppliers: DemoSupplier[];
  supplierInvoices: DemoSupplierInvoice[];
  orders: DemoOrder[];
  vouchers: DemoVoucher[];
}

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

/** The Luhn (mod 10) check digit bankgiro OCR numbers end with. */
function luhn(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  ['1', 'Fastighets AB Greenen', '556701-2345', 'Storgatan 4', '123 45', 'Lidingö', '5050-1055', '', ''],
  ['2', 'Vattenfall AB', '556036-2138', 'Evenemangsgatan 13', '169 79', 'Solna', '5801-5104', '', ''],
  ['3', 'Telia Sverige AB', '556430-0142', 'Stjärntorget 1', '169 79', 'Solna', '5050-1048', '', ''],
  ['4', 'Golfbanemaskiner i Mälardalen AB', '556812-3344', 'Verkstadsvägen 8', '721 34', 'Västerås', '5432-1098', '', ''],
  ['5', 'Golfbanemaskiner Syd AB', '556812-9988', 'Industrigatan 2', '212 25', 'Malmö', '5432-7765', '', ''],
  ['6', 'Maskinleasing Norden AB', '556677-8899', 'Finansvägen 1', '111 22', 'Stockholm', '5566-7788', '', ''],
  ['7', 'Sportgrossisten AB', '556123-4567', 'Lagervägen 10', '431 37', 'Mölndal', '', '4711-3', ''],
  ['8', 'Städservice Lindqvist HB', '969712-3456', 'Bangatan 3', '123 45', 'Lidingö', '', '', '8327-9, 123 456 789-0'],
  ['9', 'Restauranggrossen AB', '556987-6543', 'Hamnvägen 22', '402 74', 'Göteborg', '5123-4567', '', ''],
  ['10', 'IT-hjälpen i Stockholm AB', '559012-3456', 'Kungsgatan 30', '111 35', 'Stockholm', '5890-1234', '', ''],
  ['11', 'Circle K Sverige AB', '556000-7788', 'Box 1234', '171 04', 'Solna', '5022-7711', '', ''],
  ['12', 'Tryckeriet på Ön AB', '556345-6789', 'Tryckargränd 1', '181 31', 'Lidingö', '', '1234-5', ''],
  ['13', 'Gräsfrö & Gödsel AB', '556456-7890', 'Fältvägen 7', '241 38', 'Eslöv', '5678-9012', '', ''],
  ['14', 'Golfkonsult Eriksson AB', '559123-4567', 'Slingan 2', '182 33', 'Danderyd', '', '', 'SE45 5000 0000 0583 9825 7466'],
].map(([number, name, organisationNumber, address1, zipCode, city, bankgiro, plusgiro, bankAccount]) => ({
  number,
  name,
  organisationNumber,
  address1,
  zipCode,
  city,
  email: `faktura@${name
    .toLowerCase()
    .replace(/[^a-zåäö]/g, '')
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .slice(0, 16)}.se`,
  phone: `08-${(Number(number) * 7919).toString().padStart(6, '0').slice(0, 3)} ${(Number(number) * 131).toString().padStart(2, '0').slice(0, 2)} 00`,
  bankgiro,
  plusgiro,
  bankAccount,
}));

/** Cost account and VAT rate per supplier, and a typical invoice text. */
const SPEND: Record<string, { account: number; vat: number; text: string; min: number; max: number }> = {
  '2': { account: 5020, vat: 25, text: 'El', min: 8_000_00, max: 24_000_00 },
  '3': { account: 6212, vat: 25, text: 'Telefoni och bredband', min: 1_800_00, max: 2_600_00 },
  '4': { account: 5460, vat: 25, text: 'Reservdelar klippare', min: 2_000_00, max: 45_000_00 },
  '5': { account: 5460, vat: 25, text: 'Service greenklippare', min: 3_000_00, max: 30_000_00 },
  '7': { account: 4010, vat: 25, text: 'Inköp shopvaror', min: 5_000_00, max: 60_000_00 },
  '8': { account: 5060, vat: 25, text: 'Städning klubbhus', min: 6_000_00, max: 9_000_00 },
  '9': { account: 4010, vat: 12, text: 'Livsmedel restaurang', min: 3_000_00, max: 25_000_00 },
  '10': { account: 6540, vat: 25, text: 'IT-support', min: 1_500_00, max: 12_000_00 },
  '11': { account: 5611, vat: 25, text: 'Drivmedel maskiner', min: 2_000_00, max: 9_000_00 },
  '12': { account: 6110, vat: 25, text: 'Trycksaker scorekort', min: 2_500_00, max: 15_000_00 },
  '13': { account: 5410, vat: 25, text: 'Gräsfrö och gödsel', min: 5_000_00, max: 40_000_00 },
  '14': { account: 6540, vat: 25, text: 'Konsultarvode banutveckling', min: 10_000_00, max: 50_000_00 },
};

const PREFIX: Record<string, string> = {
  '2': '',
  '3': 'TS',
  '4': 'GM-',
  '5': 'GMS',
  '7': 'SG',
  '8': '',
  '9': 'RG-',
  '10': 'IT',
  '11': 'CK',
  '12': 'TRY',
  '13': 'GG',
  '14': 'K-',
};

const ARTICLES: readonly DemoOrderRow[] = [
  { articleNumber: 'BOLL12', description: 'Golfbollar 12-pack', quantity: 1, priceOre: 399_00, vatPercent: 25 },
  { articleNumber: 'HANDSKE', description: 'Golfhandske', quantity: 1, priceOre: 199_00, vatPercent: 25 },
  { articleNumber: 'TEE100', description: 'Peggar 100 st', quantity: 1, priceOre: 79_00, vatPercent: 25 },
  { articleNumber: 'KEPS', description: 'Keps med klubbens logga', quantity: 1, priceOre: 249_00, vatPercent: 25 },
  { articleNumber: 'BAG', description: 'Bärbag', quantity: 1, priceOre: 1_990_00, vatPercent: 25 },
  { articleNumber: 'PIKE', description: 'Pikétröja med logga', quantity: 1, priceOre: 449_00, vatPercent: 25 },
];

const splitVat = (totalOre: number, vat: number) => {
  const vatOre = Math.round((totalOre * vat) / (100 + vat));
  return { vatOre, netOre: totalOre - vatOre };
};

/**
 * The demo: `today` anchors the year (the last 12 months before it); `customers` is how many
 * customers the caller's seed has (orders pick among them).
 */
export function demoPurchasing(today: string, customers: number): DemoPurchasing {
  const r = random(20_261_128);
  const suppliers = [...DEMO_SUPPLIERS];
  const invoices: DemoSupplierInvoice[] = [];
  let serial = 40_000;

  const invoice = (
    supplierNumber: string,
    invoiceDate: string,
    totalOre: number,
    vat: number,
    text: string,
    account: number,
    extra: Partial<DemoSupplierInvoice> = {},
  ): DemoSupplierInvoice => {
    serial += r.int(3, 40);
    const ocrBase = `${supplierNumber}${serial}`;
    const { vatOre, netOre } = splitVat(totalOre, vat);
    const made: DemoSupplierInvoice = {
      supplierNumber,
      invoiceNumber: `${PREFIX[supplierNumber] ?? ''}${serial}`,
      ocr: `${ocrBase}${luhn(ocrBase)}`,
      invoiceDate,
      dueDate: addDays(invoiceDate, 30),
      totalOre,
      vatOre,
      comments: text,
      rows: [{ account, description: text, amountOre: netOre }],
      // The last month's invoices wait to be booked (attest).
      booked: invoiceDate < addDays(today, -25),
      duplicateOf: null,
      creditAfter: false,
      demoCase: null,
      ...extra,
    };
    invoices.push(made);
    return made;
  };

  // Near-misses: the same rent every month, and leasing instalments of the same amount.
  for (let month = 11; month >= 0; month--) {
    const date = `${addDays(today, -30 * month - 28).slice(0, 7)}-01`;
    invoice('1', date, 42_500_00, 25, `Hyra maskinhall ${date.slice(0, 7)}`, 5010, { demoCase: 'near_miss_rent' });
    invoice('6', addDays(date, 4), 18_437_50, 25, `Leasing greenklippare, delbetalning ${12 - month} av 36`, 5460, {
      demoCase: 'near_miss_instalment',
    });
    invoice('3', addDays(date, 9), r.int(1_800_00, 2_600_00), 25, 'Telefoni och bredband', 6212);
    invoice('8', addDays(date, 14), r.int(6_000_00, 9_000_00), 25, 'Städning klubbhus', 5060);
  }
  // Other purchases over the year, more in the season.
  for (let i = 0; i < 90; i++) {
    const supplierNumber = r.pick(Object.keys(SPEND));
    const spend = SPEND[supplierNumber];
    const date = addDays(today, -r.int(1, 360));
    const total = Math.round(r.int(spend.min, spend.max) / 100) * 100 + r.pick([0, 0, 50]);
    invoice(supplierNumber, date, total, spend.vat, spend.text, spend.account);
  }
  invoices.sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate));

  // A credit and its invoice: a near-miss (same supplier and reference, opposite amounts).
  const credited = invoices.find((i) => i.booked && i.supplierNumber === '7' && !i.demoCase);
  if (credited) {
    credited.creditAfter = true;
    credited.demoCase = 'near_miss_credit';
  }

  // Duplicates of every kind the engine finds, each copying an earlier original.
  const originals = invoices.filter((i) => !i.demoCase && i.supplierNumber !== '7' && i.totalOre > 3_000_00);
  const planted: [DemoCase, (o: DemoSupplierInvoice) => Partial<DemoSupplierInvoice>][] = [
    ['exact_copy', () => ({})],
    ['reference_typo', (o) => ({ invoiceNumber: o.invoiceNumber.replace(/\d$/, (d) => String((Number(d) + 3) % 10)) })],
    [
      'swapped_digits',
      (o) => {
        // Two adjacent different digits, the last such pair, swapped.
        const n = o.invoiceNumber;
        let i = n.length - 2;
        while (i > 0 && !(/\d/.test(n[i]) && /\d/.test(n[i + 1]) && n[i] !== n[i + 1])) i--;
        return { invoiceNumber: `${n.slice(0, i)}${n[i + 1]}${n[i]}${n.slice(i + 2)}`, ocr: '' };
      },
    ],
    [
      'reference_written_differently',
      (o) => ({
        invoiceNumber: o.invoiceNumber.replace(/^([A-Z]+)-?(\d+)$/, (_m, p: string, d: string) => `${p.toLowerCase()} 0${d}`),
      }),
    ],
    ['amount_excl_vat', (o) => ({ totalOre: o.totalOre - o.vatOre, vatOre: 0, rows: o.rows.map((row) => ({ ...row })) })],
    [
      // Öresavrundning: typed in whole kronor (docs/duplicates.md#amounts); its original has öre.
      'rounded_amount',
      (o) => {
        const totalOre = Math.round(o.totalOre / 100) * 100;
        return { totalOre, rows: [{ ...o.rows[0], amountOre: o.rows[0].amountOre + totalOre - o.totalOre }] };
      },
    ],
    ['date_moved_week', (o) => ({ invoiceDate: addDays(o.invoiceDate, 7), dueDate: addDays(o.dueDate, 7) })],
    ['wrong_supplier', (o) => ({ supplierNumber: o.supplierNumber === '4' ? '5' : '4' })],
  ];
  const spread = planted.map((_, i) => originals[Math.floor(((i + 1) * originals.length) / (planted.length + 2))]);
  planted.forEach(([demoCase, change], i) => {
    // Rounding to whole kronor changes only an amount with öre: the next such original no other case copies.
    const original =
      demoCase === 'rounded_amount'
        ? (originals.slice(originals.indexOf(spread[i])).find((o) => o.totalOre % 100 !== 0 && !spread.includes(o)) ?? spread[i])
        : spread[i];
    const index = invoices.indexOf(original);
    invoices.push({
      ...original,
      rows: original.rows.map((row) => ({ ...row })),
      invoiceDate: original.invoiceDate,
      // Half the duplicates were booked before anyone noticed (handling credits them); the rest cancel.
      booked: i % 2 === 0 ? original.booked : false,
      creditAfter: false,
      duplicateOf: index,
      demoCase,
      ...change(original),
    });
  });

  // Shop orders: a few entered twice (the same web order number), one of them already invoiced.
  const orders: DemoOrder[] = [];
  for (let i = 0; i < 36; i++) {
    const date = addDays(today, -r.int(0, 360));
    const rows = Array.from({ length: r.int(1, 3) }, () => ({ ...r.pick(ARTICLES), quantity: r.int(1, 3) }));
    orders.push({
      customerIndex: r.int(0, Math.max(0, customers - 1)),
      orderDate: date,
      yourReference: r.pick(['', 'Webbshop', 'Kansliet']),
      yourOrderNumber: `WEB-${10_200 + i * 7}`,
      remarks: '',
      rows,
      invoiced: date < addDays(today, -20) && r.chance(0.7),
      cancelled: r.chance(0.06),
      duplicateOf: null,
    });
  }
  orders.sort((a, b) => a.orderDate.localeCompare(b.orderDate));
  for (const [k, at] of [0.2, 0.5, 0.8].entries()) {
    const index = Math.floor(orders.length * at);
    const original = orders[index];
    orders.push({
      ...original,
      cancelled: false,
      rows: original.rows.map((row) => ({ ...row })),
      orderDate: addDays(original.orderDate, k),
      yourOrderNumber: k === 1 ? original.yourOrderNumber.replace('WEB-', 'web ') : original.yourOrderNumber,
      // The second entry of the last one was invoiced: handling cannot cancel it.
      invoiced: k === 2,
      duplicateOf: index,
    });
  }

  // Manual vouchers: monthly wages and bank fees (near-misses), receipts; two receipts entered twice.
  const vouchers: DemoVoucher[] = [];
  const pair = (date: string, description: string, debitAccount: number, creditAccount: number, ore: number) =>
    vouchers.push({
      date,
      description,
      rows: [
        { account: debitAccount, debitOre: ore, creditOre: 0, description },
        { account: creditAccount, debitOre: 0, creditOre: ore, description },
      ],
      duplicateOf: null,
    });
  for (let month = 11; month >= 0; month--) {
    const date = `${addDays(today, -30 * month - 28).slice(0, 7)}-25`;
    pair(date, `Bankavgift ${date.slice(0, 7)}`, 6570, 1930, 250_00);
  }
  for (let i = 0; i < 24; i++) {
    const date = addDays(today, -r.int(0, 360));
    pair(
      date,
      `Kvitto ${r.pick(['förbrukningsmaterial', 'kontorsmaterial', 'blommor till prisutdelning', 'fika styrelsemöte'])} nr ${3100 + i}`,
      r.pick([5410, 6110]),
      1930,
      r.int(150_00, 2_500_00),
    );
  }
  vouchers.sort((a, b) => a.date.localeCompare(b.date));
  for (const at of [0.3, 0.7]) {
    const index = vouchers.findIndex((v, i) => i >= Math.floor(vouchers.length * at) && v.description.startsWith('Kvitto'));
    if (index < 0) continue;
    const original = vouchers[index];
    vouchers.push({
      ...original,
      rows: original.rows.map((row) => ({ ...row })),
      date: addDays(original.date, 2),
      duplicateOf: index,
    });
  }

  return { suppliers, supplierInvoices: invoices, orders, vouchers };
}
