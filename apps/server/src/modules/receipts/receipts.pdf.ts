import type { Lang } from '../../lib/i18n';
import { formatKronor } from '../billings/billings.pdf';

export interface ReceiptDocument {
  lang: Lang;
  club: { name: string; organisationNumber: string | null };
  customer: { number: string; name: string; email: string | null };
  invoice: { number: string; invoiceDate: string; ocr: string | null; amountOre: number; currency: string; paidDate: string };
  payments: { number: string; paymentDate: string; amountOre: number }[];
}

const TEXTS = {
  sv: {
    title: 'Kvitto',
    subject: (n: string) => `Kvitto för faktura ${n}`,
    invoiceNumber: 'Fakturanummer',
    invoiceDate: 'Fakturadatum',
    ocr: 'OCR',
    customerNumber: 'Kundnummer',
    paidDate: 'Betald',
    customer: 'Kund',
    payments: 'Betalningar',
    payment: 'Betalning',
    date: 'Datum',
    amount: 'Belopp',
    total: 'Betalt totalt',
    thanks: 'Fakturan är betald i sin helhet. Tack för din betalning!',
    orgNumber: 'Org.nr',
  },
  en: {
    title: 'Receipt',
    subject: (n: string) => `Receipt for invoice ${n}`,
    invoiceNumber: 'Invoice number',
    invoiceDate: 'Invoice date',
    ocr: 'OCR',
    customerNumber: 'Customer number',
    paidDate: 'Paid',
    customer: 'Customer',
    payments: 'Payments',
    payment: 'Payment',
    date: 'Date',
    amount: 'Amount',
    total: 'Paid in total',
    thanks: 'The invoice is paid in full. Thank you for your payment!',
    orgNumber: 'Org. no.',
  },
} as const;

export const receiptTitle = (lang: Lang, invoiceNumber: string) => TEXTS[lang].subject(invoiceNumber);

/** The receipt of a fully paid invoice as an A4 PDF, in Swedish or English. */
export async function renderReceiptPdf(r: ReceiptDocument): Promise<Buffer> {
  // Loaded on first use, not at start: it costs about 30 MB (docs/operations.md#memory).
  const { default: PDFDocument } = await import('pdfkit');
  const tx = TEXTS[r.lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: tx.subject(r.invoice.number), Author: r.club.name, Subject: tx.subject(r.invoice.number) },
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
  const money = (ore: number) => `${formatKronor(ore)} ${r.invoice.currency}`;

  doc.font('Helvetica-Bold').fontSize(16).text(r.club.name, left, 50, { width: 300 });
  if (r.club.organisationNumber) doc.font('Helvetica').fontSize(9).text(`${tx.orgNumber} ${r.club.organisationNumber}`);
  doc.font('Helvetica-Bold').fontSize(22).text(tx.title, left, 50, { width, align: 'right' });

  const facts: [string, string][] = [
    [tx.invoiceNumber, r.invoice.number],
    [tx.invoiceDate, r.invoice.invoiceDate],
    [tx.ocr, r.invoice.ocr ?? '–'],
    [tx.customerNumber, r.customer.number],
    [tx.paidDate, r.invoice.paidDate],
  ];
  let y = 110;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).text(label, 330, y, { width: 100 });
    doc.font('Helvetica-Bold').text(value, 430, y, { width: right - 430, align: 'right' });
    y += 14;
  }
  doc.font('Helvetica').fontSize(9).text(tx.customer, left, 110);
  doc.font('Helvetica-Bold').fontSize(11).text(r.customer.name, left, 124, { width: 260 });
  if (r.customer.email) doc.font('Helvetica').fontSize(10).text(r.customer.email, { width: 260 });

  y = Math.max(y, doc.y) + 30;
  doc.font('Helvetica-Bold').fontSize(10).text(tx.payments, left, y);
  y += 18;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text(tx.payment, left, y);
  doc.text(tx.date, 200, y);
  doc.text(tx.amount, 400, y, { width: right - 400, align: 'right' });
  y += 14;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke();
  y += 6;
  doc.font('Helvetica').fontSize(9);
  for (const p of r.payments) {
    doc.text(p.number, left, y);
    doc.text(p.paymentDate, 200, y);
    doc.text(money(p.amountOre), 400, y, { width: right - 400, align: 'right' });
    y += 14;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;
  doc.font('Helvetica-Bold').fontSize(11).text(tx.total, 300, y, { width: 150 });
  doc.text(money(r.invoice.amountOre), 400, y, { width: right - 400, align: 'right' });
  y += 30;
  doc.font('Helvetica').fontSize(10).text(tx.thanks, left, y, { width });
  doc.end();
  return done;
}
