import { SegmentPage } from '../components/segment-page';

/** /dashboard/acounting/customers/segment/create and …/segment/edit/{id}. */
export default function CustomerSegmentPage() {
  return <SegmentPage kind="customer" />;
}
