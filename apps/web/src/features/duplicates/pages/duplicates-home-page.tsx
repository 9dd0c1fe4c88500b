import { Stack, Title } from '@mantine/core';
import { IconAdjustments, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { HomeDuplicatesList } from '../components/duplicates-list';
import { DuplicatesOverview } from '../components/duplicates-overview';
import { FieldMapperPanel } from '../components/field-mapper-panel';

/**
 * /dashboard/duplicates, the Dubbelkoll home (docs/duplicates.md#screens): the scan, the figures,
 * the last 12 months and the allowance, then the groups (unresolved first); the settings tab
 * holds the field mapper.
 */
export default function DuplicatesHomePage() {
  const { t } = useTranslation(['duplicates', 'shell']);
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      section={t('shell:nav.groups.accounting')}
      scope="duplicates.read"
      tabs={[
        {
          value: 'overview',
          label: t('tabs.overview'),
          icon: IconCopy,
          content: (
            <Stack gap="lg">
              <DuplicatesOverview />
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {t('list.title')}
                </Title>
                <div>
                  <HomeDuplicatesList />
                </div>
              </Stack>
            </Stack>
          ),
        },
        { value: 'settings', label: t('tabs.settings'), icon: IconAdjustments, content: <FieldMapperPanel /> },
      ]}
    />
  );
}
