import type { FastifyReply } from 'fastify';

/**
 * A PDF answered to the signed-in reader: never cached, inline in the browser's viewer or, with
 * `?download=1|true` (`pdfQuerySchema`), as a download under its own file name. Used by invoices,
 * receipts and the portal's own billings.
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: { body: Buffer | Uint8Array; filename: string },
  options: { download?: string | boolean } = {},
) {
  const download = options.download === true || options.download === '1' || options.download === 'true';
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${pdf.filename}"`)
    .send(pdf.body);
}
