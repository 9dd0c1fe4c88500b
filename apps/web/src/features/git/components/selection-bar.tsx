import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "3 selected · Clear selection": shown while something is selected; the count is announced. */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation('git');
  return (
    <Group gap="xs" mb="sm" mih={28}>
      <Text fz="sm" aria-live="polite" data-testid="selection-count">
        {count > 0 ? t('selection.count', { count }) : ''}
      </Text>
      {count > 0 ? (
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          {t('selection.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
