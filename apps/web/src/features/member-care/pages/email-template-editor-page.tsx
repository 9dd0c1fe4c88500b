import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { EditPageFrame, isMissingRecord, useMissingRedirect } from '../../../components/form/edit-page-frame';
import type { Crumb } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { useTemplate } from '../api/templates';
import { TemplateEditor } from '../components/template-editor';
import { TEMPLATE_PATHS } from '../lib/template-design';

/**
 * /dashboard/membercare/create-email-template and /edit-email-template/:uuid: the block editor
 * (docs/member-care.md#the-editor), loaded on demand with its route.
 */
export default function EmailTemplateEditorPage() {
  const { t } = useTranslation(['email-templates', 'shell']);
  const { uuid } = useParams();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const query = useTemplate(uuid);
  const editing = uuid !== undefined;
  const title = editing ? t('editor.editTitle') : t('editor.createTitle');
  useDocumentTitle(`${query.data ? `${query.data.title} · ` : ''}${title} · ${brand.name}`);

  const missing = editing && query.isError && isMissingRecord(query.error);
  useMissingRedirect(missing);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.memberCare') },
    { label: t('list.title'), to: TEMPLATE_PATHS.list },
    { label: title },
  ];
  const canRead = viewer?.scopes.includes('membercare.read') ?? false;
  const readOnly = !(viewer?.scopes.includes('membercare.write') ?? false);

  const onSaved = (saved: { id: string; title: string }, created: boolean, leaving: { current: boolean }) => {
    notifySuccess(t(created ? 'editor.created' : 'editor.saved', { title: saved.title }));
    if (created) {
      leaving.current = true;
      void navigate(TEMPLATE_PATHS.edit(saved.id), { replace: true });
    }
  };

  let content: ReactNode | null = null;
  if (!editing) content = <TemplateEditor readOnly={readOnly} onSaved={onSaved} />;
  else if (query.data) {
    // Keyed by the stored version: after a save the editor starts again from what the server kept.
    content = <TemplateEditor key={query.data.updatedAt} template={query.data} readOnly={readOnly} onSaved={onSaved} />;
  }

  return (
    <EditPageFrame
      title={title}
      breadcrumbs={breadcrumbs}
      description={t('editor.description', { field: '{{firstname}}' })}
      denied={Boolean(viewer) && (!canRead || (!editing && readOnly))}
      missing={missing}
      failed={editing && query.isError ? { title: t('editor.loadError'), onRetry: () => void query.refetch() } : null}
      retryLabel={t('list.retry')}
      loadingText={t('editor.loading')}
    >
      {content}
    </EditPageFrame>
  );
}
