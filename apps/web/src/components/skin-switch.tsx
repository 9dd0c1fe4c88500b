import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../lib/use-hydrated';

/** Light (default) or dark; Mantine's manager keeps the choice under `skin` (docs/web-app.md#language-and-skin). */
export function SkinSwitch() {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  const stored = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // The first render is the light one, as on a page prerendered at build time (docs/web-app.md#prerendered-pages),
  // so the browser can take that page over; the stored skin follows at once.
  const current = useMounted() ? stored : 'light';
  // A prerendered page's switch does nothing until React runs it: say so (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const next = current === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'skin.toDark' : 'skin.toLight');
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-disabled={hydrated ? undefined : true}
        onClick={() => setColorScheme(next)}
      >
        {current === 'dark' ? <IconSun size={20} aria-hidden="true" /> : <IconMoon size={20} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
