import { EMAIL_TEMPLATE_TITLE_MAX, type EmailTemplate, type Lang } from '@fairway/shared';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SelectedBlockPanel } from './template-block-settings';
import { TemplateCanvas } from './template-canvas';
import { TemplateDesignSettings } from './template-design-settings';
import { TemplatePalette } from './template-palette';
import { TemplatePreview } from './template-preview';
import { TemplateTextInput } from './template-text-input';
import { type EditorPanel, type TemplateEditorState, useTemplateEditor } from './use-template-editor';

/** Title, subject and language. */
function TemplateFields({ editor }: { editor: TemplateEditorState }) {
  const { t } = useTranslation('email-templates');
  const { fields, errorOf, readOnly } = editor;
  return (
    <Paper withBorder radius="md" p="md">
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TextInput
            label={t('fields.title')}
            description={t('fields.titleDescription')}
            value={fields.title}
            onChange={(event) => fields.setTitle(event.currentTarget.value)}
            maxLength={EMAIL_TEMPLATE_TITLE_MAX}
            error={errorOf('title')}
            required
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TemplateTextInput
            label={t('fields.subject')}
            description={t('fields.subjectDescription')}
            value={fields.subject}
            onValueChange={fields.setSubject}
            error={errorOf('subject')}
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Select
            label={t('fields.lang')}
            description={t('fields.langDescription')}
            value={fields.lang}
            onChange={(value) => value && fields.setLang(value as Lang)}
            data={[
              { value: 'sv', label: t('lang.sv') },
              { value: 'en', label: t('lang.en') },
            ]}
            allowDeselect={false}
            error={errorOf('lang')}
            readOnly={readOnly}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** The side panels: add a block, the selected block, the design, the preview. */
function TemplatePanels({ editor }: { editor: TemplateEditorState }) {
  const { t } = useTranslation('email-templates');
  const { panel, fields, design } = editor;
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs value={panel} onChange={(value) => value && editor.setPanel(value as EditorPanel)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="add">{t('panels.add')}</Tabs.Tab>
          <Tabs.Tab value="block">{t('panels.block')}</Tabs.Tab>
          <Tabs.Tab value="design">{t('panels.design')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('panels.preview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="add">
          <TemplatePalette readOnly={editor.readOnly} onAdd={(type) => editor.actions.add(type)} />
        </Tabs.Panel>
        <Tabs.Panel value="block">
          <SelectedBlockPanel editor={editor} />
        </Tabs.Panel>
        <Tabs.Panel value="design">
          <TemplateDesignSettings editor={editor} />
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          {panel === 'preview' ? <TemplatePreview body={{ subject: fields.subject, lang: fields.lang, design }} /> : null}
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

/**
 * The e-mail template editor (docs/member-care.md#the-editor): title, subject and language; the
 * blocks of the design on a canvas (components/template-canvas.tsx: select, duplicate, remove,
 * reorder by dragging, with the move buttons or the keyboard); beside it the palette, the
 * selected block's settings, the design's settings and the server-rendered preview. The state
 * and saving are use-template-editor.ts's.
 */
export function TemplateEditor({
  template,
  readOnly,
  onSaved,
}: {
  template?: EmailTemplate;
  readOnly: boolean;
  onSaved: (saved: EmailTemplate, created: boolean, leaving: { current: boolean }) => void;
}) {
  const { t } = useTranslation('email-templates');
  const editor = useTemplateEditor({ template, readOnly, onSaved });
  return (
    <Stack gap="md">
      {readOnly ? (
        <Alert color="blue" title={t('readOnly.title')}>
          {t('readOnly.text')}
        </Alert>
      ) : null}
      <TemplateFields editor={editor} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TemplateCanvas editor={editor} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <TemplatePanels editor={editor} />
        </Grid.Col>
      </Grid>
      {editor.failure ? (
        <Alert color="red" title={t('save.failedTitle')} role="alert">
          {editor.failure}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed" aria-live="polite">
            {editor.dirty ? t('save.unsaved') : t('save.allSaved')}
          </Text>
          <Button onClick={editor.onSave} loading={editor.saving} leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}>
            {t('save.button')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
