import {
  EMAIL_ALIGNS,
  EMAIL_COLUMN_SPLITS,
  type EmailBlock,
  NEWSLETTER_IMAGE_MAX_BYTES,
  NEWSLETTER_IMAGE_TYPES,
} from '@fairway/shared';
import {
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { uploadNewsletterImage } from '../api/templates';
import { TemplateRichText } from './template-rich-text';
import { TemplateTextInput } from './template-text-input';
import type { TemplateEditorState } from './use-template-editor';

export interface BlockSettingsProps {
  block: EmailBlock;
  onChange: (patch: Partial<EmailBlock>) => void;
  /** The field errors of this block, by its own field names (`href`, `text`…). */
  errors: Record<string, string | undefined>;
  readOnly: boolean;
}

/** The settings panel of the selected block: every field of its kind in the block model. */
export function TemplateBlockSettings({ block, onChange, errors, readOnly }: BlockSettingsProps) {
  const { t } = useTranslation('email-templates');
  const alignControl = 'align' in block && (
    <Stack gap={4}>
      <Text fz="sm" fw={500} id={`${block.id}-align`}>
        {t('fields.align')}
      </Text>
      <SegmentedControl
        aria-labelledby={`${block.id}-align`}
        value={block.align}
        onChange={(value) => onChange({ align: value as (typeof EMAIL_ALIGNS)[number] })}
        data={EMAIL_ALIGNS.map((value) => ({ value, label: t(`align.${value}`) }))}
        disabled={readOnly}
      />
    </Stack>
  );
  const colourInput = (value: string | null, label: string, description: string, error?: string) => (
    <ColorInput
      label={label}
      description={description}
      value={value ?? ''}
      onChange={(next) => onChange({ colour: next === '' ? null : next } as Partial<EmailBlock>)}
      format="hex"
      error={error}
      readOnly={readOnly}
      withEyeDropper={false}
    />
  );

  switch (block.type) {
    case 'heading':
      return (
        <Stack gap="sm">
          <TemplateTextInput
            label={t('fields.headingText')}
            value={block.text}
            onValueChange={(text) => onChange({ text })}
            error={errors.text}
            required
            readOnly={readOnly}
          />
          <Select
            label={t('fields.level')}
            value={String(block.level)}
            onChange={(value) => value && onChange({ level: Number(value) as 1 | 2 | 3 })}
            data={[1, 2, 3].map((level) => ({ value: String(level), label: t(`levels.${level}`) }))}
            allowDeselect={false}
            readOnly={readOnly}
          />
          {alignControl}
        </Stack>
      );
    case 'text':
      return (
        <Stack gap="sm">
          <TemplateRichText
            id={`${block.id}-html`}
            html={block.html}
            onChange={(html) => onChange({ html })}
            label={t('fields.text')}
            error={errors.html}
            readOnly={readOnly}
          />
          {alignControl}
        </Stack>
      );
    case 'image':
      return <ImageSettings block={block} onChange={onChange} errors={errors} readOnly={readOnly} alignControl={alignControl} />;
    case 'button':
      return (
        <Stack gap="sm">
          <TemplateTextInput
            label={t('fields.buttonLabel')}
            value={block.label}
            onValueChange={(label) => onChange({ label })}
            error={errors.label}
            required
            readOnly={readOnly}
          />
          <TextInput
            label={t('fields.href')}
            description={t('fields.hrefDescription')}
            value={block.href}
            onChange={(event) => onChange({ href: event.currentTarget.value })}
            error={errors.href}
            required
            readOnly={readOnly}
          />
          {colourInput(block.colour, t('fields.buttonColour'), t('fields.buttonColourDescription'), errors.colour)}
          {alignControl}
        </Stack>
      );
    case 'divider':
      return (
        <Stack gap="sm">
          {colourInput(block.colour, t('fields.dividerColour'), t('fields.dividerColourDescription'), errors.colour)}
          <NumberInput
            label={t('fields.thickness')}
            value={block.thickness}
            onChange={(value) => typeof value === 'number' && onChange({ thickness: value })}
            min={1}
            max={8}
            allowDecimal={false}
            error={errors.thickness}
            readOnly={readOnly}
          />
        </Stack>
      );
    case 'columns':
      return (
        <Stack gap="sm">
          <Select
            label={t('fields.split')}
            description={t('fields.splitDescription')}
            value={block.split}
            onChange={(value) => value && onChange({ split: value as (typeof EMAIL_COLUMN_SPLITS)[number] })}
            data={EMAIL_COLUMN_SPLITS.map((value) => ({ value, label: t(`splits.${value}`) }))}
            allowDeselect={false}
            readOnly={readOnly}
          />
          <Text fz="sm" c="dimmed">
            {t('fields.columnsHelp')}
          </Text>
        </Stack>
      );
  }
}

function ImageSettings({
  block,
  onChange,
  errors,
  readOnly,
  alignControl,
}: BlockSettingsProps & { block: Extract<EmailBlock, { type: 'image' }>; alignControl: React.ReactNode }) {
  const { t } = useTranslation('email-templates');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > NEWSLETTER_IMAGE_MAX_BYTES) {
      setUploadError(t('image.tooLarge', { max: NEWSLETTER_IMAGE_MAX_BYTES / (1024 * 1024) }));
      return;
    }
    setUploading(true);
    try {
      const image = await uploadNewsletterImage(file);
      onChange({ src: image.url, alt: block.alt || file.name.replace(/\.[^.]+$/, '') });
    } catch (error) {
      const message = error instanceof ApiError ? (error.fieldErrors.image?.[0] ?? error.message) : t('image.failed');
      setUploadError(message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm">
      {block.src ? <Image src={block.src} alt={block.alt} maw={240} radius="sm" fit="contain" /> : null}
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept={NEWSLETTER_IMAGE_TYPES.join(',')} disabled={readOnly}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={uploading}>
              {t('image.upload')}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          {t('image.uploadHint', { max: NEWSLETTER_IMAGE_MAX_BYTES / (1024 * 1024) })}
        </Text>
      </Group>
      {uploadError ? (
        <Text c="red" fz="sm" role="alert">
          {uploadError}
        </Text>
      ) : null}
      <TextInput
        label={t('fields.src')}
        description={t('fields.srcDescription')}
        value={block.src}
        onChange={(event) => onChange({ src: event.currentTarget.value })}
        error={errors.src}
        required
        readOnly={readOnly}
      />
      <TextInput
        label={t('fields.alt')}
        description={t('fields.altDescription')}
        value={block.alt}
        onChange={(event) => onChange({ alt: event.currentTarget.value })}
        error={errors.alt}
        readOnly={readOnly}
      />
      <TextInput
        label={t('fields.imageHref')}
        description={t('fields.imageHrefDescription')}
        value={block.href}
        onChange={(event) => onChange({ href: event.currentTarget.value })}
        error={errors.href}
        readOnly={readOnly}
      />
      <NumberInput
        label={t('fields.width')}
        description={t('fields.widthDescription')}
        value={block.width ?? ''}
        onChange={(value) => onChange({ width: typeof value === 'number' ? value : null })}
        min={40}
        max={600}
        allowDecimal={false}
        error={errors.width}
        readOnly={readOnly}
      />
      {alignControl}
    </Stack>
  );
}

/** The "Block" panel: the selected block's settings, or a word that none is selected. */
export function SelectedBlockPanel({ editor }: { editor: TemplateEditorState }) {
  const { t } = useTranslation('email-templates');
  const found = editor.selectedFound;
  if (!found) {
    return (
      <Text c="dimmed" fz="sm">
        {t('panels.noBlock')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t(`blocks.${found.block.type}`)}
      </Title>
      <TemplateBlockSettings
        key={found.block.id}
        block={found.block}
        onChange={editor.actions.updateSelected}
        errors={editor.blockErrors(found.block.id)}
        readOnly={editor.readOnly}
      />
    </Stack>
  );
}
