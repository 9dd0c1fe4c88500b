import { api, isUnauthorized } from '../../../lib/api-client';

/** GET receipts/{invoiceId}/pdf: the receipt as a PDF file; null after a 401 (the session is over, no toast of its own). */
export async function fetchReceiptPdf(invoiceId: string, download: boolean): Promise<Blob | null> {
  try {
    return await api.download(`receipts/${encodeURIComponent(invoiceId)}/pdf`, { query: download ? { download: '1' } : {} });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
