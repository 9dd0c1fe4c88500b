import { useDeleteCustomerSegment } from '../api/delete-customer-segment';
import { useCustomerSegment } from '../api/get-customer-segment';
import { CustomerSegmentForm } from '../components/customer-segment-form';
import { SegmentPage } from '../components/segment-page';

/** /dashboard/acounting/customers/segment/create and …/segment/edit/{id}. */
export default function CustomerSegmentPage() {
  return (
    <SegmentPage
      kind="customer"
      useSegment={useCustomerSegment}
      useDelete={useDeleteCustomerSegment}
      renderForm={(props) => <CustomerSegmentForm {...props} />}
    />
  );
}
