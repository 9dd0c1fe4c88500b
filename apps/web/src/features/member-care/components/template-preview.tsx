import type { EmailTemplatePreviewBodyInput } from '@fairway/shared';
import { Alert, Box, Code, Group, Loader, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewTemplate, templatesKey } from '../api/templates';

const WIDTHS = { desktop: 600, phone: 375 } as const;
/**
 * Room beside the e-mail's width for the frame's own vertical scroll bar, so a 600-pixel e-mail
 * is laid out in 600 pixels and never scrolls sideways in its frame.
 */
const SCROLLBAR_ROOM = 18;
const FRAME_HEIGHT = 640;

/**
 * The e-mail as the server renders it (POST member_care/templates/preview, after a pause in
 * editing), filled with an example member: the HTML in a sandboxed frame (no script, no
 * same-origin access; srcdoc, so nothing is fetched from another origin but the club's images)
 * at desktop or phone width, and the plain-text part.
 */
export function TemplatePreview({ body }: { body: EmailTemplatePreviewBodyInput }) {
  const { t } = useTranslation('email-templates');
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const [debounced] = useDebouncedValue(body, 600);
  const key = JSON.stringify(debounced);
  const preview = useQuery({
    queryKey: [...templatesKey, 'preview', key],
    queryFn: ({ signal }) => previewTemplate(debounced, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fz="sm" c="dimmed">
          {t('preview.example')}
        </Text>
        <SegmentedControl
          aria-label={t('preview.width')}
          value={width}
          onChange={(value) => setWidth(value as keyof typeof WIDTHS)}
          data={[
            { value: 'desktop', label: t('preview.desktop') },
            { value: 'phone', label: t('preview.phone') },
          ]}
        />
      </Group>
      {preview.isError ? (
        <Alert color="yellow" title={t('preview.failedTitle')} role="status">
          {t('preview.failedText')}
        </Alert>
      ) : null}
      {preview.data ? (
        <Tabs defaultValue="html" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="html">{t('preview.html')}</Tabs.Tab>
            <Tabs.Tab value="text">{t('preview.text')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <Text fz="sm" mb="xs">
              <strong>{t('preview.subject')}:</strong> {preview.data.subject || t('preview.noSubject')}
            </Text>
            <PreviewFrame html={preview.data.html} width={WIDTHS[width]} busy={preview.isFetching} />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">
            <Code block style={{ whiteSpace: 'pre-wrap' }} aria-label={t('preview.text')}>
              {preview.data.text}
            </Code>
          </Tabs.Panel>
        </Tabs>
      ) : preview.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('preview.loading')}</Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The rendered e-mail in a sandboxed frame of the chosen width. A panel narrower than the frame
 * shows it scaled down to fit, as a whole, instead of scrolling sideways.
 */
function PreviewFrame({ html, width, busy }: { html: string; width: number; busy: boolean }) {
  const { t } = useTranslation('email-templates');
  const { ref, width: room } = useElementSize();
  const outer = width + SCROLLBAR_ROOM + 2;
  const scale = room > 0 ? Math.min(1, room / outer) : 1;
  return (
    <Box ref={ref} w="100%" aria-busy={busy} data-testid="template-preview-frame">
      <Box w={outer * scale} h={FRAME_HEIGHT * scale} style={{ overflow: 'hidden' }}>
        <Box
          component="iframe"
          title={t('preview.frameTitle', { width })}
          sandbox=""
          srcDoc={html}
          style={{
            width: width + SCROLLBAR_ROOM,
            height: FRAME_HEIGHT,
            boxSizing: 'content-box',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
            background: '#fff',
            display: 'block',
            transform: scale < 1 ? `scale(${scale})` : undefined,
            transformOrigin: 'top left',
          }}
        />
      </Box>
    </Box>
  );
}
