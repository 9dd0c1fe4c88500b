import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { useTemplate } from '../api/templates';
import { TemplateEditor } from '../components/template-editor';
import { TEMPLATE_PATHS } from '../lib/template-design';

/** A failed load that means "no such template here": an unknown id, another club account's, or not an id. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

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

  const missing = editing && query.isError && isMissing(query.error);
  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

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

  let body: ReactNode;
  if (viewer && !canRead) body = <AccessDeniedScreen />;
  else if (viewer && !editing && readOnly) body = <AccessDeniedScreen />;
  else if (!editing) body = <TemplateEditor readOnly={readOnly} onSaved={onSaved} />;
  else if (missing) body = null;
  else if (query.isError) {
    body = (
      <Alert color="red" title={t('editor.loadError')} role="alert">
        <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('editor.loading')}</Text>
        </Group>
      </Center>
    );
  } else {
    // Keyed by the stored version: after a save the editor starts again from what the server kept.
    body = <TemplateEditor key={query.data.updatedAt} template={query.data} readOnly={readOnly} onSaved={onSaved} />;
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={t('editor.description', { field: '{{firstname}}' })} />
      {body}
    </>
  );
}
