import { type CurrentUser, SEGMENT_PATHS, type SegmentKind } from '@fairway/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { confirmDelete } from '../../../components/confirm-delete';
import { EditPageFrame, isMissingRecord, useMissingRedirect } from '../../../components/form/edit-page-frame';
import type { Crumb } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { type SegmentOf, useDeleteSegment, useSegment } from '../api/segments';
import { SegmentForm } from './segment-form';

const PARENT_PATHS: Record<SegmentKind, string> = {
  customer: '/dashboard/acounting/customers',
  article: '/dashboard/acounting/article',
};

const SCOPES = {
  customer: { read: 'customers.read', write: 'customers.write' },
  article: { read: 'articles.read', write: 'articles.write' },
} as const;

export interface SegmentPageProps {
  kind: SegmentKind;
}

/**
 * The create and edit pages of both segment kinds (docs/accounting-data.md#segments): header and breadcrumbs, loading the
 * segment on arrival (an unknown id goes to the 404 page, as the customer edit page does), the
 * form, and deleting with a confirmation.
 */
export function SegmentPage({ kind }: SegmentPageProps) {
  const { t } = useTranslation(['segments', 'shell']);
  const { id } = useParams();
  const navigate = useNavigate();
  const viewer: CurrentUser | null = useCurrentUser();
  const query = useSegment(kind, id);
  const remove = useDeleteSegment(kind);
  const editing = id !== undefined;
  const title = editing ? t(`${kind}.editTitle`) : t(`${kind}.createTitle`);
  useDocumentTitle(`${query.data ? `${query.data.name} · ` : ''}${title} · ${brand.name}`);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t(`${kind}.parent`), to: PARENT_PATHS[kind] },
    { label: t(`${kind}.listTitle`), to: SEGMENT_PATHS[kind].list },
    { label: title },
  ];

  // Set while this page deletes its own segment: the reload that follows answers 404, which then
  // means "deleted here", not "went to an unknown address".
  const deleting = useRef(false);
  const missing = editing && query.isError && isMissingRecord(query.error);
  useMissingRedirect(missing, deleting);

  const canRead = viewer?.scopes.includes(SCOPES[kind].read) ?? false;
  const readOnly = !(viewer?.scopes.includes(SCOPES[kind].write) ?? false);

  const onSaved = (saved: SegmentOf<SegmentKind>) => {
    if (editing) {
      notifySuccess(t(`${kind}.saved`, { name: saved.name }));
    } else {
      notifySuccess(t(`${kind}.created`, { name: saved.name }));
      // The new segment opens in its edit page, so what was saved is what is shown.
      void navigate(SEGMENT_PATHS[kind].edit(saved.id), { replace: true });
    }
  };

  const askDelete = (segment: SegmentOf<SegmentKind>) =>
    confirmDelete({
      title: t(`${kind}.deleteTitle`),
      text: t(`${kind}.deleteText`, { name: segment.name }),
      confirmLabel: t('list.deleteConfirm'),
      cancelLabel: t('list.cancel'),
      onConfirm: () => {
        deleting.current = true;
        remove.mutate(segment.id, {
          onError: () => {
            deleting.current = false;
          },
          onSuccess: () => {
            notifySuccess(t(`${kind}.deleted`, { name: segment.name }));
            void navigate(SEGMENT_PATHS[kind].list);
          },
        });
      },
    });

  let content: ReactNode | null = null;
  if (!editing) content = <SegmentForm kind={kind} readOnly={readOnly} onSaved={onSaved} />;
  else if (query.data) {
    const segment = query.data;
    // Keyed by the stored version: after a save the form starts again from what the server kept.
    content = (
      <div key={segment.updatedAt}>
        <SegmentForm kind={kind} segment={segment} readOnly={readOnly} onSaved={onSaved} onDelete={() => askDelete(segment)} />
      </div>
    );
  }

  return (
    <EditPageFrame
      title={title}
      breadcrumbs={breadcrumbs}
      description={t(`${kind}.description`)}
      denied={Boolean(viewer) && !canRead}
      missing={missing}
      failed={editing && query.isError ? { title: t('form.loadError'), onRetry: () => void query.refetch() } : null}
      retryLabel={t('list.retry')}
      loadingText={t('form.loading')}
    >
      {content}
    </EditPageFrame>
  );
}
