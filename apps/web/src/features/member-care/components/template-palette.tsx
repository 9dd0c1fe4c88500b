import { EMAIL_BLOCK_TYPES, type EmailBlockType } from '@fairway/shared';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BLOCK_ICONS } from './template-canvas-block';

/** The palette: a button per kind of block, which adds one after the selected block. */
export function TemplatePalette({ readOnly, onAdd }: { readOnly: boolean; onAdd: (type: EmailBlockType) => void }) {
  const { t } = useTranslation('email-templates');
  return (
    <>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('palette.help')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
        {EMAIL_BLOCK_TYPES.map((type) => {
          const Icon = BLOCK_ICONS[type];
          return (
            <Button
              key={type}
              variant="default"
              h={64}
              onClick={() => onAdd(type)}
              disabled={readOnly}
              aria-label={t('palette.add', { block: t(`blocks.${type}`) })}
            >
              <Stack gap={2} align="center">
                <Icon size={20} aria-hidden="true" />
                <Text fz="xs">{t(`blocks.${type}`)}</Text>
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
    </>
  );
}
