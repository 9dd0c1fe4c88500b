import { api, isUnauthorized } from '../../../lib/api-client';

/** GET receipts/{invoiceId}/pdf: the receipt as a PDF file. */
export async function fetchReceiptPdf(invoiceId: string, download: boolean): Promise<Blob | null> {
  const blob = await api.download(`receipts/${encodeURIComponent(invoiceId)}/pdf`, { query: download ? { download: '1' } : {} });
  return isUnauthorized(blob) ? null : blob;
}
