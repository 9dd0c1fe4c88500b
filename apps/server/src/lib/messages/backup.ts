import type { MessageDictionary } from './types';

/** Messages of the nightly backup (docs/backup.md): event log activities and the failure notification. */
export const backupMessages = {
  'backup.written': {
    sv: 'Nattlig säkerhetskopia sparad: {file} ({rows} rader, {size})',
    en: 'Nightly backup written: {file} ({rows} rows, {size})',
  },
  'backup.failed': {
    sv: 'Den nattliga säkerhetskopian misslyckades: {error}',
    en: 'The nightly backup failed: {error}',
  },
  'backup.failedSubject': {
    sv: 'Säkerhetskopian misslyckades',
    en: 'The backup failed',
  },
} as const satisfies MessageDictionary;
