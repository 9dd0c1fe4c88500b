import { LANGUAGES, type Lang } from '@fairway/shared/constants';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';

/** sv (default) or en, remembered under `lang` (spec §1, §9). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  // Read through the hook's i18n so the switch re-renders when the language changes.
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          px={6}
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
          // The visible code (SV/EN) is part of the name, so a voice command naming it finds the button.
          aria-label={`${t('language.switch', { language: t(`language.names.${lang}`) })} (${lang.toUpperCase()})`}
        >
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
