import { EMAIL_FONTS } from '@fairway/shared';
import { ColorInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TemplateTextInput } from './template-text-input';
import type { TemplateEditorState } from './use-template-editor';

const COLOURS = ['backgroundColour', 'contentColour', 'textColour', 'accentColour'] as const;

/** The design's settings: the preheader, the four colours and the font. */
export function TemplateDesignSettings({ editor }: { editor: TemplateEditorState }) {
  const { t } = useTranslation('email-templates');
  const { readOnly, errorOf } = editor;
  const settings = editor.design.settings;
  const set = editor.actions.setSettings;
  return (
    <Stack gap="sm">
      <TemplateTextInput
        label={t('design.preheader')}
        description={t('design.preheaderDescription')}
        value={settings.preheader}
        onValueChange={(preheader) => set({ preheader })}
        error={errorOf('design.settings.preheader')}
        readOnly={readOnly}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {COLOURS.map((key) => (
          <ColorInput
            key={key}
            label={t(`design.${key}`)}
            value={settings[key]}
            onChange={(value) => set({ [key]: value })}
            format="hex"
            error={errorOf(`design.settings.${key}`)}
            readOnly={readOnly}
            withEyeDropper={false}
          />
        ))}
      </SimpleGrid>
      <Select
        label={t('design.font')}
        value={settings.font}
        onChange={(value) => value && set({ font: value as (typeof EMAIL_FONTS)[number] })}
        data={EMAIL_FONTS.map((font) => ({ value: font, label: t(`fonts.${font}`) }))}
        allowDeselect={false}
        readOnly={readOnly}
      />
    </Stack>
  );
}
