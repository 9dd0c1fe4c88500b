import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A golf club, new or existing (Fairway), or a company choosing a Dubbelkoll tier. */
export type CustomerType = 'new' | 'existing' | 'company';
const CUSTOMER_TYPES: readonly CustomerType[] = ['new', 'existing'];

/** New customers choose a package and their club; existing ones identify themselves by customer number. */
export function CustomerTypePicker({ value, onChange }: { value: CustomerType; onChange: (value: CustomerType) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Radio.Group value={value} onChange={(next) => onChange(next as CustomerType)} label={t('register.customerType.label')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="sm">
        {CUSTOMER_TYPES.map((type) => (
          <Radio.Card key={type} value={type} p="md" radius="md">
            <Stack gap={4}>
              <Group gap={8} wrap="nowrap">
                <Radio.Indicator size="sm" />
                <Text fw={600}>{t(`register.customerType.${type}`)}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t(`register.customerType.${type}Hint`)}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
