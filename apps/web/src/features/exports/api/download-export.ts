import type { ExportLogEntry } from '@fairway/shared';
import { saveBlob } from '../../../components/list/export-menu';
import { api, isUnauthorized } from '../../../lib/api-client';

/**
 * GET exports/{id}/file: saves the kept file under its own name. Refusals (the file has expired,
 * is not made yet) are shown by the API client's toast and thrown; false after a 401.
 */
export async function downloadExport(entry: Pick<ExportLogEntry, 'id' | 'fileName' | 'format'>): Promise<boolean> {
  let blob: Blob;
  try {
    blob = await api.download(`exports/${encodeURIComponent(entry.id)}/file`);
  } catch (error) {
    if (isUnauthorized(error)) return false;
    throw error;
  }
  saveBlob(blob, entry.fileName ?? `export.${entry.format}`);
  return true;
}
