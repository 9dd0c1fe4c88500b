import { IconBox, IconCategory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
// The agreed cross-feature import: the articles page hosts the article segments as its
// "Segments" tab (segments are listed under articles, docs/accounting-data.md#segments), and the
// segments feature owns that list.
import { ArticleSegmentsList } from '../../segments/components/article-segments-list';
import { ArticlesList } from '../components/articles-list';

/** /dashboard/acounting/article: the articles of the accounting program, and their segments. */
export default function ArticlesPage() {
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
