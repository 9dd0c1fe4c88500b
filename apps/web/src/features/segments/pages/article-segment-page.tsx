import { useDeleteArticleSegment } from '../api/delete-article-segment';
import { useArticleSegment } from '../api/get-article-segment';
import { ArticleSegmentForm } from '../components/article-segment-form';
import { SegmentPage } from '../components/segment-page';

/** /dashboard/acounting/article/segment/create and …/segment/edit/{id}. */
export default function ArticleSegmentPage() {
  return (
    <SegmentPage
      kind="article"
      useSegment={useArticleSegment}
      useDelete={useDeleteArticleSegment}
      renderForm={(props) => <ArticleSegmentForm {...props} />}
    />
  );
}
