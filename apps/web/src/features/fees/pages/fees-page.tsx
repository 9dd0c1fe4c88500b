import { IconCoin, IconListDetails, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { FeeRulesTab, FeesTab, FeeTypesTab } from '../components/fee-tabs';

/** /dashboard/golfrelated/fees: fee types, fees and fee rules of the club account, a tab each (`?tab=`). */
export default function FeesPage() {
  const { t } = useTranslation(['fees', 'shell']);
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      section={t('shell:nav.groups.golf')}
      scope="fees.read"
      tabs={[
        { value: 'feeTypes', label: t('tabs.feeTypes'), icon: IconTags, content: <FeeTypesTab /> },
        { value: 'fees', label: t('tabs.fees'), icon: IconCoin, content: <FeesTab /> },
        { value: 'feeRules', label: t('tabs.feeRules'), icon: IconListDetails, content: <FeeRulesTab /> },
      ]}
    />
  );
}
