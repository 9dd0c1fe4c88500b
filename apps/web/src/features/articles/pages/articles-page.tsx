import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBox, IconCategory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { useTabParam } from '../../../lib/use-tab-param';
// The agreed cross-feature import: the articles page hosts the article segments as its
// "Segments" tab (spec §2 links segments under articles), and the segments feature owns that list.
import { ArticleSegmentsList } from '../../segments/components/article-segments-list';
import { useCurrentUser } from '../../users/api/get-current-user';
import { ArticlesList } from '../components/articles-list';

const TABS = ['articles', 'segments'] as const;

/** /dashboard/acounting/article: the articles of the accounting program, and their segments. */
export default function ArticlesPage() {
  const { t } = useTranslation(['articles', 'shell']);
  const user = useCurrentUser();
  const [tab, setTab] = useTabParam(TABS, 'articles');
  useDocumentTitle(`${t('title')} · ${brand.name}`);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title') },
  ];
  const allowed = user?.scopes.includes('articles.read') ?? false;

  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={breadcrumbs} description={t('description')} />
      {user && !allowed ? (
        <AccessDeniedScreen />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="articles" leftSection={<IconBox size={16} aria-hidden="true" />}>
              {t('tabs.articles')}
            </Tabs.Tab>
            <Tabs.Tab value="segments" leftSection={<IconCategory size={16} aria-hidden="true" />}>
              {t('tabs.segments')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="articles">{allowed ? <ArticlesList /> : null}</Tabs.Panel>
          <Tabs.Panel value="segments">{allowed ? <ArticleSegmentsList /> : null}</Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
