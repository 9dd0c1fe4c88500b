import { api } from '../../../lib/api-client';

/** GET billings/{id}/download/: the PDF, saved under the invoice's own file name. */
export async function downloadBilling(id: string, number: string): Promise<void> {
  const blob = await api.download(`billings/${encodeURIComponent(id)}/download/`);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `faktura-${number}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file over; the next tick is safe to let it go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
