import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../users/api/get-current-user';
import { InvoicesList } from '../components/invoices-list';

/** /dashboard/acounting/invoices: the invoices of the accounting program. */
export default function InvoicesPage() {
  const { t } = useTranslation(['invoices', 'shell']);
  const user = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${brand.name}`);
  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title') },
  ];
  const allowed = user?.scopes.includes('invoices.read') ?? false;
  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={breadcrumbs} description={t('description')} />
      {user && !allowed ? <AccessDeniedScreen /> : allowed ? <InvoicesList /> : null}
    </>
  );
}
