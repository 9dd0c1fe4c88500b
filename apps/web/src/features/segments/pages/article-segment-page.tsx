import { SegmentPage } from '../components/segment-page';

/** /dashboard/acounting/article/segment/create and …/segment/edit/{id}. */
export default function ArticleSegmentPage() {
  return <SegmentPage kind="article" />;
}
