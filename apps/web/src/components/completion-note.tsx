import type { Completion } from '@fairway/shared';
import { Alert } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * What figures that are not complete yet wait for, and when they should be there: "Uppdateras –
 * 136 fakturor kvar att läsa in, klart om ca 2 min". The server leaves such figures out (null)
 * rather than sum part of the data; this is the line shown in their place.
 */
export function completionText(completion: Completion, t: TFunction, now: number = Date.now()): string {
  const parts: string[] = [];
  if (completion.pendingInvoices > 0) parts.push(t('common:completion.left', { count: completion.pendingInvoices }));
  if (!completion.refreshing) parts.push(t('common:completion.nextRefresh'));
  else if (completion.expectedAt === null) parts.push(t('common:completion.reading'));
  else {
    const minutes = Math.max(1, Math.ceil((Date.parse(completion.expectedAt) - now) / 60_000));
    parts.push(t('common:completion.readyIn', { count: minutes }));
  }
  const detail = parts.join(', ');
  return completion.refreshing ? t('common:completion.refreshing', { detail }) : t('common:completion.incomplete', { detail });
}

/** `completionText` in the reader's language. */
export function useCompletionText(): (completion: Completion) => string {
  const { t } = useTranslation('common');
  return (completion) => completionText(completion, t);
}

/** Above figures of which some are not complete yet: says so, and when they will be. Nothing once complete. */
export function CompletionNote({ completion }: { completion: Completion }) {
  const { t } = useTranslation('common');
  if (completion.complete) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconClockHour4 size={18} aria-hidden="true" />}
      title={t('completion.title')}
      role="status"
      data-testid="completion-note"
    >
      {completionText(completion, t)}. {t('completion.explain')}
    </Alert>
  );
}

/** While a refresh reads what the figures wait for, ask again now and then so they appear without a reload. */
export const COMPLETION_POLL_MS = 15_000;

export function pollWhileRefreshing(data: { completion: Completion } | undefined): number | false {
  return data && !data.completion.complete && data.completion.refreshing ? COMPLETION_POLL_MS : false;
}
