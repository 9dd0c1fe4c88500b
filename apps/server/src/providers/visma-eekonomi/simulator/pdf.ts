import type { VInvoice, VismaStore } from './store';

const kr = (amount: number) => `${amount.toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kr`;

/** The invoice as Visma renders it for `GET customerinvoices/{id}/pdf`: a real PDF document. */
export async function renderInvoicePdf(store: VismaStore, invoice: VInvoice): Promise<Buffer> {
  // Loaded on first use, not at start: it costs about 30 MB (docs/operations.md#memory).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Faktura ${invoice.InvoiceNumber}`, Producer: 'Visma eEkonomi (simulator)' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(invoice.IsCreditInvoice ? 'Kreditfaktura' : 'Faktura', { align: 'right' });
    doc
      .fontSize(10)
      .text(store.company.Name)
      .text(`${store.company.Address1}, ${store.company.PostalCode} ${store.company.City}`);
    doc.text(`Org.nr ${store.company.CorporateIdentityNumber}   Bankgiro ${store.company.BankGiro}`).moveDown();
    doc
      .text(`Fakturanummer: ${invoice.InvoiceNumber}`)
      .text(`Fakturadatum: ${invoice.InvoiceDate}`)
      .text(`Förfallodatum: ${invoice.DueDate}`);
    doc.text(`OCR: ${invoice.PaymentReferenceNumber}`).moveDown();
    doc
      .text(`${invoice.InvoiceCustomerName}`)
      .text(`${invoice.InvoiceAddress1 ?? ''}`)
      .text(`${invoice.InvoicePostalCode} ${invoice.InvoiceCity}`)
      .moveDown();
    for (const row of invoice.Rows) {
      doc.text(
        row.IsTextRow
          ? row.Text
          : `${row.ArticleNumber ?? ''}  ${row.Text}  ${row.Quantity} ${row.UnitAbbreviation ?? ''} × ${kr(row.UnitPrice)} = ${kr(row.AmountNoVat)}`,
      );
    }
    doc.moveDown();
    for (const vat of invoice.VatSpecification)
      doc.text(
        `Moms ${Math.round(vat.VatPercent * 100)} % på ${kr(vat.AmountInvoiceCurrency)}: ${kr(vat.VatAmountInvoiceCurrency)}`,
      );
    doc.text(`Öresavrundning: ${kr(invoice.TotalRoundings)}`);
    doc.fontSize(12).text(`Att betala: ${kr(invoice.TotalAmount)}`);
    doc.end();
  });
}
