import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type QueryValue } from '../../lib/api-client';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportMenuProps {
  /** The export route, e.g. `customers/export`; it takes `format` plus the list's own filters. */
  path: string;
  /** The list's current search, sort and filters (paging is left out: the export is the whole list). */
  query: Record<string, QueryValue>;
  /** Start of the saved file's name, e.g. `kunder`. */
  fileName: string;
}

/** Saves a blob under a name, the way a download link would. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Stockholm's calendar date, for the file name. */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/**
 * "Export" with CSV and Excel: downloads through the API client (so the bearer token, language
 * and error toasts apply) with the list's current filters, and saves the file.
 */
export function ExportMenu({ path, query, fileName }: ExportMenuProps) {
  const { t } = useTranslation('list');
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const { page: _page, pageSize: _size, ...filters } = query;
      const blob = await api.download(path, { query: { ...filters, format } });
      saveBlob(blob, `${fileName}-${today()}.${format}`);
    } catch {
      // The API client has shown the reason in a toast already.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          loading={busy !== null}
          loaderProps={{ type: 'dots' }}
        >
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />} onClick={() => void download('csv')}>
          {t('export.csv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />} onClick={() => void download('xlsx')}>
          {t('export.xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
