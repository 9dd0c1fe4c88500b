import type { EmailTemplate, Lang, ReadyTemplate } from '@fairway/shared';
import { Alert, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useCopyReadyTemplate, useReadyTemplates } from '../api/templates';

/**
 * The ready templates the product ships (newsletter, course news, payment reminder, welcome; docs/member-care.md#ready-templates),
 * in the reader's language first: a copy becomes one of the club's own templates and opens in the editor.
 */
export function ReadyTemplatesPicker({ onCopied }: { onCopied: (copy: EmailTemplate) => void }) {
  const { t, i18n } = useTranslation('email-templates');
  const [lang, setLang] = useState<Lang>(i18n.language === 'en' ? 'en' : 'sv');
  const ready = useReadyTemplates(lang);
  const copy = useCopyReadyTemplate();

  const use = (template: ReadyTemplate) =>
    copy.mutate(template.key, {
      onSuccess: (created) => {
        notifySuccess(t('ready.copied', { title: created.title }));
        onCopied(created);
      },
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="ready-templates-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={3} fz="lg" id="ready-templates-title">
            {t('ready.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('ready.text')}
          </Text>
        </div>
        <SegmentedControl
          aria-label={t('ready.language')}
          value={lang}
          onChange={(value) => setLang(value as Lang)}
          data={[
            { value: 'sv', label: t('lang.sv') },
            { value: 'en', label: t('lang.en') },
          ]}
        />
      </Group>
      {ready.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('ready.loading')}</Text>
        </Group>
      ) : ready.isError ? (
        <Alert color="red" title={t('ready.loadError')} role="alert">
          <Button variant="light" size="xs" mt="xs" onClick={() => void ready.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {ready.data.map((template) => (
            <Card key={template.key} withBorder radius="md" padding="md">
              <Stack gap="xs" h="100%" justify="space-between">
                <div>
                  <Text fw={600}>{t(`ready.kinds.${template.kind}.title`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(`ready.kinds.${template.kind}.text`)}
                  </Text>
                </div>
                <Button
                  variant="light"
                  onClick={() => use(template)}
                  loading={copy.isPending && copy.variables === template.key}
                  aria-label={t('ready.useNamed', { title: template.title })}
                >
                  {t('ready.use')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
