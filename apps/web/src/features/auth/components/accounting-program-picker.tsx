import { ACCOUNTING_PROGRAM_NAMES, ACCOUNTING_PROGRAMS, type AccountingProgram } from '@fairway/shared';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface AccountingProgramPickerProps {
  value: AccountingProgram | '';
  onChange: (value: AccountingProgram) => void;
  error?: string;
  focusRef?: Ref<HTMLButtonElement>;
}

/** Fortnox, Visma eEkonomi or Visma Administration: where the club keeps its books. */
export function AccountingProgramPicker({ value, onChange, error, focusRef }: AccountingProgramPickerProps) {
  const { t } = useTranslation('auth');
  const errorId = useId();
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as AccountingProgram)}
      label={t('register.accountingProgram.label')}
      description={t('register.accountingProgram.description')}
      withAsterisk
      error={error}
      errorProps={{ id: errorId }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="sm">
        {ACCOUNTING_PROGRAMS.map((program, index) => (
          <Radio.Card
            key={program}
            value={program}
            ref={index === 0 ? focusRef : undefined}
            p="md"
            radius="md"
            aria-describedby={error ? errorId : undefined}
          >
            <Stack gap={4}>
              <Group gap={8} wrap="nowrap">
                <Radio.Indicator size="sm" />
                <Text fw={600}>{ACCOUNTING_PROGRAM_NAMES[program]}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t(`register.accountingProgram.hints.${program}`)}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
