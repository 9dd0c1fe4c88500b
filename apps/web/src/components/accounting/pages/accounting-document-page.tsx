import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditPageFrame } from '../../form/edit-page-frame';
import type { AccountingDocument, MirroredDocument } from './use-accounting-document';

export interface AccountingDocumentPageProps<D extends MirroredDocument> {
  /** What `useAccountingDocument` returned. */
  page: AccountingDocument<D, never>;
  /** The create page's form. */
  createForm: ReactNode;
  /** The header's description of a loaded document (its number and such); the copy's time follows it. */
  description: (document: D) => ReactNode;
  /** Header buttons for a loaded document (its actions). */
  actions?: (document: D) => ReactNode;
  /** What the stale-copy warning says; the default names the copy's time. */
  staleText?: (document: D) => string | null | undefined;
  /** The loaded document's page below the stale-copy warning: its form and what goes with it. */
  children: (document: D) => ReactNode;
}

/**
 * The page around an accounting document's form (docs/accounting-data.md): the header with breadcrumbs, then
 * access denied without the read scope (or, on the create page, the write scope), nothing while
 * on the way to the 404 page, the load error with a retry, the loader, and for a loaded document
 * a warning with a retry when the program did not answer and this is the portal's copy.
 */
export function AccountingDocumentPage<D extends MirroredDocument>({
  page,
  createForm,
  description,
  actions,
  staleText,
  children,
}: AccountingDocumentPageProps<D>) {
  const { t } = useTranslation(page.resource);
  const { viewer, canRead, canWrite, editing, missing, query, document, formatTime } = page;

  let headerDescription: ReactNode = editing ? null : t('page.createDescription');
  let headerActions: ReactNode = null;
  let content: ReactNode | null = null;
  if (!editing) content = createForm;
  else if (document) {
    headerDescription = (
      <>
        {description(document)}{' '}
        <Text span fz="sm" c="dimmed">
          {t('page.syncedAt', { time: formatTime(document.syncedAt) })}
        </Text>
      </>
    );
    headerActions = actions?.(document) ?? null;
    content = (
      <Stack gap="md">
        {document.stale ? (
          <Alert color="yellow" variant="light" title={t('page.staleTitle')} icon={<IconCloudOff size={18} aria-hidden="true" />}>
            <Text fz="sm">{staleText?.(document) ?? t('page.staleText', { time: formatTime(document.syncedAt) })}</Text>
            <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('page.retry')}
            </Button>
          </Alert>
        ) : null}
        {children(document)}
      </Stack>
    );
  }

  return (
    <EditPageFrame
      title={page.title}
      breadcrumbs={page.breadcrumbs}
      description={headerDescription}
      actions={headerActions}
      denied={Boolean(viewer) && (!canRead || (!editing && !canWrite))}
      missing={missing}
      failed={
        editing && query.isError ? { title: t('page.loadError'), error: query.error, onRetry: () => void query.refetch() } : null
      }
      retryLabel={t('page.retry')}
      loadingText={t('page.loading')}
    >
      {content}
    </EditPageFrame>
  );
}
