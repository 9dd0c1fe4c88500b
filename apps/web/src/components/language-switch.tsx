import { LANGUAGES, type Lang } from '@fairway/shared/constants';
import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';
import { useHydrated } from '../lib/use-hydrated';

/** sv (default) or en, remembered under `lang` (docs/web-app.md#language-and-skin). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  // Read through the hook's i18n so the switch re-renders when the language changes.
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const hydrated = useHydrated();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          px={6}
          // A prerendered page's button opens nothing until React runs it: say so (lib/use-hydrated.ts).
          aria-disabled={hydrated ? undefined : true}
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
        >
          {/* Named by its content, not aria-label: the visible code (SV/EN) stays part of the name. */}
          <VisuallyHidden>{`${t('language.switch', { language: t(`language.names.${lang}`) })} `}</VisuallyHidden>
          {lang.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void setLanguage(code)}
            rightSection={code === lang ? <IconCheck size={16} aria-hidden="true" /> : null}
            aria-current={code === lang ? 'true' : undefined}
          >
            {t(`language.names.${code}`, { lng: code })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
