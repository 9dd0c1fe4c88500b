import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowRight, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GIT_PATHS } from '../lib/paths';
import { forgetChosenOccasion, getChosenOccasion } from '../lib/stored-occasion';

/** "Continue with <occasion>": the occasion kept in the browser from the last visit (docs/git.md#pages). */
export function ContinueOccasion() {
  const { t } = useTranslation('git');
  const [chosen, setChosen] = useState(getChosenOccasion);
  if (!chosen) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      mb="md"
      icon={<IconFileInvoice size={18} aria-hidden="true" />}
      data-testid="continue-occasion"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm">{t('continue.text', { name: chosen.name })}</Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={GIT_PATHS.occasion(chosen.id)}
            size="xs"
            rightSection={<IconArrowRight size={14} aria-hidden="true" />}
          >
            {t('continue.button', { name: chosen.name })}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              forgetChosenOccasion();
              setChosen(null);
            }}
          >
            {t('continue.forget')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
