import { useTranslation } from 'react-i18next';
import { AccountingDocumentPage } from '../../../components/accounting/pages/accounting-document-page';
import { useAccountingDocument } from '../../../components/accounting/pages/use-accounting-document';
import { useCustomer } from '../api/get-customer';
import { useSaveCustomer } from '../api/save-customer';
import { CustomerForm } from '../components/customer-form';
import { CUSTOMER_PATHS } from '../lib/paths';

/**
 * /dashboard/acounting/customers/create and …/edit/{id} (docs/accounting-data.md#customers). The edit page loads the
 * customer on arrival and goes to the 404 page for an unknown or malformed id; without the
 * write scope the customer is shown read-only.
 */
export default function CustomerPage() {
  const { t } = useTranslation('customers');
  const page = useAccountingDocument({
    resource: 'customers',
    listPath: CUSTOMER_PATHS.list,
    useDocument: useCustomer,
    useSave: useSaveCustomer,
    savedMessage: (saved, editing) =>
      editing ? t('page.saved', { name: saved.name }) : t('page.created', { name: saved.name, number: saved.number }),
    titleLabel: (customer) => customer.name,
    crumbLabel: (customer) => customer.name,
  });
  const backToList = () => void page.navigate(CUSTOMER_PATHS.list);

  return (
    <AccountingDocumentPage
      page={page}
      createForm={<CustomerForm readOnly={false} onSubmit={page.submit} onSaved={backToList} />}
      description={(customer) => t('page.editDescription', { number: customer.number })}
    >
      {(customer) => (
        // Keyed by the stored version: a fresh read starts the form again from what the program holds.
        <CustomerForm
          key={customer.syncedAt}
          customer={customer}
          readOnly={!page.canWrite}
          onSubmit={page.submit}
          onSaved={backToList}
        />
      )}
    </AccountingDocumentPage>
  );
}
