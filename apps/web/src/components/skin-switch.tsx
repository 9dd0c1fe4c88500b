import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Light (default) or dark; Mantine's manager keeps the choice under `skin` (docs/web-app.md#language-and-skin). */
export function SkinSwitch() {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = current === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'skin.toDark' : 'skin.toLight');
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        {current === 'dark' ? <IconSun size={20} aria-hidden="true" /> : <IconMoon size={20} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
