import {
  BILLING_PAYMENT_TERMS_DAYS,
  BILLING_VAT_RATE,
  type Billing,
  type BillingDetails,
  type BillingLine,
} from '@fairway/shared';

/** Who the billings are from: the seller block, payment details and legal footer of every invoice. */
export const BILLING_ISSUER = {
  name: 'Fairway Golf Systems AB',
  address: 'Kungsgatan 12',
  zipCity: '753 21 Uppsala',
  organisationNumber: '559274-6316',
  vatNumber: 'SE559274631601',
  bankgiro: '5402-9681',
  email: 'faktura@fairway.se',
  phone: '018-10 20 30',
} as const;

const LINE_TEXT: Record<BillingLine['kind'], (item: string | null) => string> = {
  annual_licence: () => 'Årlig licensavgift',
  installation: () => 'Teknisk installation',
  onboarding: () => 'Onboarding care, personlig genomgång 30 min',
  package_fee: (item) => `Paketavgift ${item ?? ''}`.trim(),
  quarterly_surcharge: () => 'Tillägg kvartalsbetalning',
  sms_plan: (item) => `SMS-plan ${item ?? ''}`.trim(),
  support: () => 'Personlig support',
};

const UNIT_TEXT: Record<BillingLine['unit'], string> = { pcs: 'st', months: 'mån', hours: 'tim' };

/** Plain spaces: PDF readers and copy-paste handle them better than Intl's narrow no-break spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

export function formatKronor(ore: number): string {
  return plain(new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ore / 100));
}

function formatQuantity(hundredths: number): string {
  return plain(new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 2 }).format(hundredths / 100));
}

export function billingLineText(line: Pick<BillingLine, 'kind' | 'itemName'>): string {
  return LINE_TEXT[line.kind](line.itemName);
}

/** The billing as a Swedish A4 invoice from us to the club. */
export async function renderBillingPdf(billing: Billing, customer: BillingDetails): Promise<Buffer> {
  // Loaded on first use, not at start: it costs about 30 MB (docs/operations.md#memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Faktura ${billing.number}`, Author: BILLING_ISSUER.name, Subject: `Faktura ${billing.number}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  doc.font('Helvetica-Bold').fontSize(16).text(BILLING_ISSUER.name, left, 50);
  doc.font('Helvetica').fontSize(9).text(`${BILLING_ISSUER.address}, ${BILLING_ISSUER.zipCity}`);
  doc.font('Helvetica-Bold').fontSize(22).text('Faktura', left, 50, { width, align: 'right' });

  const facts: [string, string][] = [
    ['Fakturanummer', billing.number],
    ['Fakturadatum', billing.invoiceDate],
    ['Förfallodatum', billing.dueDate],
    ['OCR', billing.ocr],
    ['Kundnummer', customer.customerNumber],
    ['Betalningsvillkor', `${BILLING_PAYMENT_TERMS_DAYS} dagar netto`],
    ['Period', `${billing.periodStart} – ${billing.periodEnd}`],
  ];
  let y = 110;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).text(label, 330, y, { width: 100 });
    doc.font('Helvetica-Bold').text(value, 430, y, { width: right - 430, align: 'right' });
    y += 14;
  }

  const recipient = [
    customer.name,
    customer.invoiceAddress,
    [customer.zipCode, customer.city].filter(Boolean).join(' ') || null,
    customer.country,
    customer.organisationNumber ? `Org.nr ${customer.organisationNumber}` : null,
    customer.billingEmail,
  ].filter((part): part is string => Boolean(part));
  doc.font('Helvetica').fontSize(9).text('Faktureras till', left, 110);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(recipient[0] ?? '', left, 124, { width: 260 });
  doc.font('Helvetica').fontSize(10);
  for (const part of recipient.slice(1)) doc.text(part, { width: 260 });

  const columns = { text: left, qty: 300, unit: 350, price: 390, amount: 470 };
  y = Math.max(y, doc.y) + 30;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text('Beskrivning', columns.text, y);
  doc.text('Antal', columns.qty, y, { width: 40, align: 'right' });
  doc.text('Enhet', columns.unit + 6, y);
  doc.text('À-pris', columns.price, y, { width: 70, align: 'right' });
  doc.text('Belopp', columns.amount, y, { width: right - columns.amount, align: 'right' });
  y += 14;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke();
  y += 6;
  doc.font('Helvetica').fontSize(9);
  for (const line of billing.lines) {
    doc.text(billingLineText(line), columns.text, y, { width: columns.qty - columns.text - 10 });
    const rowBottom = doc.y;
    doc.text(formatQuantity(line.quantityHundredths), columns.qty, y, { width: 40, align: 'right' });
    doc.text(UNIT_TEXT[line.unit], columns.unit + 6, y);
    doc.text(formatKronor(line.unitPriceOre), columns.price, y, { width: 70, align: 'right' });
    doc.text(formatKronor(line.amountOre), columns.amount, y, { width: right - columns.amount, align: 'right' });
    y = Math.max(rowBottom, y + 12) + 4;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;

  const totals: [string, string, boolean][] = [
    ['Summa exkl. moms', formatKronor(billing.subtotalOre), false],
    [`Moms ${BILLING_VAT_RATE} %`, formatKronor(billing.vatOre), false],
    ['Att betala (SEK)', formatKronor(billing.totalOre), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 9);
    doc.text(label, 330, y, { width: 120 });
    doc.text(value, 450, y, { width: right - 450, align: 'right' });
    y += strong ? 18 : 14;
  }

  y += 20;
  doc.font('Helvetica-Bold').fontSize(10).text('Betalningsinformation', left, y);
  doc.font('Helvetica').fontSize(9);
  doc.text(`Bankgiro ${BILLING_ISSUER.bankgiro}`);
  doc.text(`Ange OCR ${billing.ocr} vid betalning.`);
  doc.text(`Att betala ${formatKronor(billing.totalOre)} SEK senast ${billing.dueDate}.`);

  const footerY = doc.page.height - 90;
  doc.moveTo(left, footerY).lineTo(right, footerY).stroke();
  doc
    .fontSize(8)
    .text(
      `${BILLING_ISSUER.name} · ${BILLING_ISSUER.address}, ${BILLING_ISSUER.zipCity} · Org.nr ${BILLING_ISSUER.organisationNumber} · ` +
        `Momsreg.nr ${BILLING_ISSUER.vatNumber} · Godkänd för F-skatt · Bankgiro ${BILLING_ISSUER.bankgiro} · ` +
        `${BILLING_ISSUER.email} · ${BILLING_ISSUER.phone}`,
      left,
      footerY + 8,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}
