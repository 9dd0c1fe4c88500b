import { FEES_TABS, type FeesTab as FeesTabName } from '@fairway/shared';
import { Tabs } from '@mantine/core';
import { IconCoin, IconListDetails, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list/list-page';
import { FeeRulesTab, FeesTab, FeeTypesTab } from '../components/fee-tabs';

const ICONS = { feeTypes: IconTags, fees: IconCoin, feeRules: IconListDetails } as const;
const CONTENT = { feeTypes: FeeTypesTab, fees: FeesTab, feeRules: FeeRulesTab } as const;

/**
 * The tabs, kept in `?tab=`. Each tab's list keeps its search, sorting and page in the address
 * too; they belong to one list, so moving to another tab starts that list afresh.
 */
function FeesTabs() {
  const { t } = useTranslation('fees');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: FeesTabName = (FEES_TABS as readonly string[]).includes(requested ?? '') ? (requested as FeesTabName) : 'feeTypes';
  const select = (value: string | null) => {
    if (!value || value === tab) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of ['page', 'sort', 'order', 'search']) next.delete(name);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <Tabs value={tab} onChange={select} keepMounted={false}>
      <Tabs.List mb="md">
        {FEES_TABS.map((value) => {
          const Icon = ICONS[value];
          return (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden="true" />}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {FEES_TABS.map((value) => {
        const Content = CONTENT[value];
        return (
          <Tabs.Panel key={value} value={value}>
            <Content />
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}

/** /dashboard/golfrelated/fees: fee types, fees and fee rules of the club account, a tab each. */
export default function FeesPage() {
  const { t } = useTranslation(['fees', 'shell']);
  return (
    <ListPage title={t('title')} description={t('description')} section={t('shell:nav.groups.golf')} scope="fees.read">
      <FeesTabs />
    </ListPage>
  );
}
