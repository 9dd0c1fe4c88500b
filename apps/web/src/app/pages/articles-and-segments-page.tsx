import { IconBox, IconCategory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list/list-page';
import { ArticlesList } from '../../features/articles/components/articles-list';
import { ArticleSegmentsList } from '../../features/segments/components/article-segments-list';

/**
 * /dashboard/acounting/article: the articles of the accounting program from the articles feature,
 * and their segments from the segments feature as the "Segments" tab (segments are listed under
 * articles, docs/accounting-data.md#segments), composed here so neither feature imports the other.
 */
export default function ArticlesAndSegmentsPage() {
  const { t } = useTranslation(['articles', 'shell']);
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      section={t('shell:nav.groups.accounting')}
      scope="articles.read"
      tabs={[
        { value: 'articles', label: t('tabs.articles'), icon: IconBox, content: <ArticlesList /> },
        { value: 'segments', label: t('tabs.segments'), icon: IconCategory, content: <ArticleSegmentsList /> },
      ]}
    />
  );
}
