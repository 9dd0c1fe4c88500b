import type { CreateArticleInput, UpdateArticleInput } from '@fairway/shared';
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCloudOff } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { listErrorMessage } from '../../../components/list/list-states';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../users/api/get-current-user';
import { useArticle } from '../api/get-article';
import { useSaveArticle } from '../api/save-article';
import { ArticleForm } from '../components/article-form';
import { ARTICLE_PATHS } from '../lib/paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A failed load that means "no such article here": unknown id, another club account's, or not an
 * id. An article the portal knows but the accounting program no longer has (spec §8 "missing …
 * in accounting") is a 404 too; that one is explained on the page instead.
 */
const isMissing = (error: unknown) => {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 400) return true;
  return error.status === 404 && error.code !== 'accounting.not_found';
};

/**
 * /dashboard/acounting/article/create and …/edit/{id} (spec §2). The edit page reads the article
 * from the accounting program on arrival (the portal's copy, with a notice, when the program
 * does not answer) and goes to the 404 page for an unknown or malformed id; without the write
 * scope the article is shown read-only.
 */
export default function ArticlePage() {
  const { t, i18n } = useTranslation(['articles', 'shell']);
  const { id } = useParams();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const editing = id !== undefined;
  const malformed = editing && !UUID.test(id);
  const query = useArticle(editing && !malformed ? id : undefined);
  const save = useSaveArticle();

  const canRead = viewer?.scopes.includes('articles.read') ?? false;
  const canWrite = viewer?.scopes.includes('articles.write') ?? false;
  const title = !editing ? t('page.createTitle') : canWrite ? t('page.editTitle') : t('page.viewTitle');
  useDocumentTitle(`${query.data ? `${query.data.description} · ` : ''}${title} · ${brand.name}`);

  const missing = malformed || (editing && query.isError && isMissing(query.error));
  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title'), to: ARTICLE_PATHS.list },
    { label: query.data ? query.data.description : title },
  ];

  const submit = (body: CreateArticleInput | UpdateArticleInput) =>
    save.mutateAsync({ id: editing ? id : undefined, body }).then((saved) => {
      notifySuccess(
        editing
          ? t('page.saved', { description: saved.description })
          : t('page.created', { description: saved.description, number: saved.number }),
      );
      return saved;
    });
  const backToList = () => void navigate(ARTICLE_PATHS.list);

  const formatTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Stockholm',
    }).format(new Date(iso));

  let description: ReactNode = editing ? null : t('page.createDescription');
  let body: ReactNode;
  if (viewer && !canRead) body = <AccessDeniedScreen />;
  else if (!editing) {
    body = canWrite || !viewer ? <ArticleForm readOnly={false} onSubmit={submit} onSaved={backToList} /> : <AccessDeniedScreen />;
  } else if (missing) body = null;
  else if (query.isError) {
    body = (
      <Alert color="red" title={t('page.loadError')} role="alert">
        <Text fz="sm">{listErrorMessage(query.error)}</Text>
        <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()}>
          {t('page.retry')}
        </Button>
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('page.loading')}</Text>
        </Group>
      </Center>
    );
  } else {
    const article = query.data;
    description = (
      <>
        {t('page.editDescription', { number: article.number })}{' '}
        <Text span fz="sm" c="dimmed">
          {t('page.syncedAt', { time: formatTime(article.syncedAt) })}
        </Text>
      </>
    );
    // Keyed by the stored version: a fresh read starts the form again from what the program holds.
    body = (
      <>
        {article.stale ? (
          <Alert
            color="yellow"
            variant="light"
            mb="md"
            title={t('page.staleTitle')}
            icon={<IconCloudOff size={18} aria-hidden="true" />}
          >
            <Text fz="sm">{t('page.staleText', { time: formatTime(article.syncedAt) })}</Text>
            <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('page.retry')}
            </Button>
          </Alert>
        ) : null}
        <ArticleForm key={article.syncedAt} article={article} readOnly={!canWrite} onSubmit={submit} onSaved={backToList} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} description={description} />
      {body}
    </>
  );
}
