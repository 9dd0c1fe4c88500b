import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Light (default) or dark; Mantine's manager keeps the choice under `skin` (docs/web-app.md#language-and-skin). */
export function SkinSwitch() {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  const stored = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // The first render is the light one, as on a page prerendered at build time (docs/web-app.md#prerendered-pages),
  // so the browser can take that page over; the stored skin follows at once.
  const current = useMounted() ? stored : 'light';
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
