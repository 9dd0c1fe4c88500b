import type { FxCompanyInformation, FxInvoice } from '../fortnox-types';

const kr = (value: number) =>
  new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(value)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\u2212/g, '-');

/** The invoice as Fortnox's print and preview endpoints answer it: a one-page PDF. */
export async function renderInvoicePdf(company: FxCompanyInformation, invoice: FxInvoice): Promise<Buffer> {
  // Loaded on first use, not at start: it costs about 30 MB (docs/operations.md#memory).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Faktura ${invoice.DocumentNumber}`, Author: company.CompanyName },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(18).text(company.CompanyName);
    doc.fontSize(9).text(`${company.Address}, ${company.ZipCode} ${company.City}`).text(`Org.nr ${company.OrganizationNumber}`);
    doc.moveDown();
    doc
      .fontSize(16)
      .text(invoice.Credit === 'true' ? `Kreditfaktura ${invoice.DocumentNumber}` : `Faktura ${invoice.DocumentNumber}`);
    doc.fontSize(10);
    doc.text(`Kund: ${invoice.CustomerNumber} ${invoice.CustomerName}`);
    if (invoice.Address1) doc.text(`${invoice.Address1}, ${invoice.ZipCode} ${invoice.City}`);
    doc.text(`Fakturadatum: ${invoice.InvoiceDate}   Förfallodatum: ${invoice.DueDate}`);
    doc.text(`OCR: ${invoice.OCR}`);
    if (invoice.Cancelled) doc.fillColor('red').text('MAKULERAD').fillColor('black');
    doc.moveDown();
    for (const row of invoice.InvoiceRows) {
      doc.text(
        `${row.ArticleNumber ? `${row.ArticleNumber}  ` : ''}${row.Description}  ${row.DeliveredQuantity} ${row.Unit} × ${kr(row.Price)}  moms ${row.VAT} %  = ${kr(row.Total ?? 0)} kr`,
      );
    }
    doc.moveDown();
    doc.text(`Netto: ${kr(invoice.Net)} kr`);
    doc.text(`Moms: ${kr(invoice.TotalVAT)} kr`);
    if (invoice.RoundOff !== 0) doc.text(`Öresavrundning: ${kr(invoice.RoundOff)} kr`);
    doc.fontSize(12).text(`Att betala: ${kr(invoice.Total)} kr`);
    doc.end();
  });
}
