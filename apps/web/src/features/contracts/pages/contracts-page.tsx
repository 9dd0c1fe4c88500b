import { IconCalendarEvent, IconFileDollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { ContractSchedules } from '../components/contract-schedules';
import { ContractsList } from '../components/contracts-list';

/** /dashboard/acounting/contracts: the contracts of the accounting program, and what is scheduled for them. */
export default function ContractsPage() {
  const { t } = useTranslation(['contracts', 'shell']);
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      section={t('shell:nav.groups.accounting')}
      scope="contracts.read"
      tabs={[
        { value: 'contracts', label: t('tabs.contracts'), icon: IconFileDollar, content: <ContractsList /> },
        { value: 'schedules', label: t('tabs.schedules'), icon: IconCalendarEvent, content: <ContractSchedules /> },
      ]}
    />
  );
}
