import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFilterOff, IconPlugConnectedX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INTEGRATIONS_PATH } from '../../app/route-table';
import { ApiError, isUnauthorized } from '../../lib/api-client';
import { describeApiError, localisedMessage } from '../../lib/api-errors';
import { currentLanguage } from '../../lib/i18n';
import { EmptyState } from '../empty-state';

/** Nothing matches the search and filters: says so and offers to clear them. */
export function ListNoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('list');
  return (
    <EmptyState
      title={t('empty.filteredTitle')}
      order={3}
      icon={<IconFilterOff size={30} stroke={1.6} />}
      action={
        <Button variant="light" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      }
    >
      {t('empty.filteredText')}
    </EmptyState>
  );
}

/**
 * The text of a failed list call. The accounting program's refusals and outages (409, 429, 503)
 * carry a localised message that says what to do, so it is shown even for a 503; other server
 * errors get the generic text.
 */
export function listErrorMessage(error: unknown): string | undefined {
  const lang = currentLanguage();
  if (isUnauthorized(error)) return error.message;
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 503) return localisedMessage(error.body, lang) ?? error.message;
  const description = describeApiError(error.body, error.status, lang);
  return description.kind === 'fields' ? description.title : description.message;
}

/** A refused action's text: the field messages when the server named fields, else listErrorMessage's or the error's own. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.description.kind === 'fields') {
    return error.description.fields.flatMap((f) => f.messages).join(' ');
  }
  return listErrorMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The list could not be loaded: the reason and a retry. */
export function ListError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('list');
  const message = listErrorMessage(error);
  return (
    <Alert
      color="red"
      variant="light"
      title={t('error.title')}
      icon={<IconAlertCircle size={18} aria-hidden="true" />}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        {message ? <Text fz="sm">{message}</Text> : null}
        <Button variant="light" color="red" size="xs" onClick={onRetry} loading={retrying}>
          {t('error.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** No accounting program is connected: what will appear here and where to connect one. */
export function ListNotConnected({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('list');
  return (
    <EmptyState
      title={t('notConnected.title')}
      order={3}
      icon={<IconPlugConnectedX size={30} stroke={1.6} />}
      action={
        <Button component={Link} to={INTEGRATIONS_PATH} variant="light">
          {t('notConnected.action')}
        </Button>
      }
    >
      {children ?? t('notConnected.text')}
    </EmptyState>
  );
}
