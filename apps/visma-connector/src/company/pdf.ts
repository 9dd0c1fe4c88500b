import { toInvoice } from './mapping';
import type { Faktura, Foretag } from './types';

/**
 * The invoice as Visma Administration prints it to PDF, reduced to what the portal shows: a
 * one-page PDF 1.4 with the standard Helvetica font (WinAnsi, so å, ä, ö print), written by
 * hand to keep the connector free of dependencies.
 */

const kr = (ore: number) =>
  `${(ore / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} kr`;

/** A PDF string literal in WinAnsi (Latin-1 covers the Swedish letters). */
function pdfText(text: string): string {
  const latin1 = [...text].map((ch) => (ch.charCodeAt(0) <= 0xff ? ch : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (m) => `\\${m}`)})`;
}

export function invoicePdf(foretag: Foretag, faktura: Faktura): Buffer {
  const invoice = toInvoice(faktura);
  const heading = invoice.isCredit ? 'KREDITFAKTURA' : 'FAKTURA';
  const lines: [number, string][] = [
    [18, `${foretag.namn}`],
    [10, `${foretag.adress1}, ${foretag.postnr} ${foretag.ort}  Org.nr ${foretag.orgnr}`],
    [10, ''],
    [16, `${heading} ${invoice.number}`],
    [10, `Fakturadatum ${invoice.invoiceDate}   Förfallodatum ${invoice.dueDate ?? '-'}   OCR ${invoice.ocr ?? '-'}`],
    [10, `Kund ${invoice.customerNumber} ${invoice.customerName}`],
    [10, ''],
    ...invoice.rows.map((row): [number, string] => [
      10,
      `${row.articleNumber ?? ''}  ${row.description}  ${row.quantityHundredths / 100} ${row.unit ?? ''} x ${kr(row.priceOre)}  moms ${row.vatPercent} %`,
    ]),
    [10, ''],
    [10, `Netto ${kr(invoice.netOre)}   Moms ${kr(invoice.vatOre)}`],
    [12, `Att betala ${kr(invoice.totalOre)}`],
  ];
  let y = 800;
  const content = lines
    .map(([size, text]) => {
      const op = `BT /F1 ${size} Tf 50 ${y} Td ${pdfText(text)} Tj ET`;
      y -= size + 8;
      return op;
    })
    .join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
