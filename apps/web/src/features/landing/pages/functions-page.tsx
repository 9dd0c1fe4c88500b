import { Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { usePageMeta } from '../../../lib/use-page-meta';
import { FeatureIcon } from '../components/feature-icon';
import { FEATURE_IDS, FEATURE_POINTS } from '../components/feature-ids';
import { GetStarted } from '../components/get-started';
import { PageIntro } from '../components/page-intro';

/** `/functions`: what the brand's product does, feature by feature (docs/help.md#public-site). */
export default function FunctionsPage() {
  const { t } = useTranslation('landing');
  const copy = `brands.${brand.id}`;
  const title = t('pages.functions.title');
  usePageMeta({
    title: `${title} · ${brand.name}`,
    description: t(`${copy}.functionsLead`, { brand: brand.name }),
  });
  return (
    <>
      <PageIntro title={title} lead={t(`${copy}.functionsLead`, { brand: brand.name })} />
      <Container size="lg" py={{ base: 24, sm: 40 }}>
        <Stack gap={48}>
          {FEATURE_IDS[brand.id].map((id) => (
            <SimpleGrid
              key={id}
              component="section"
              aria-labelledby={`feature-${id}`}
              cols={{ base: 1, md: 2 }}
              spacing={{ base: 'md', md: 48 }}
            >
              <Stack gap="sm">
                <FeatureIcon id={id} />
                <Title order={2} id={`feature-${id}`} fz="h3">
                  {t(`${copy}.features.${id}.title`)}
                </Title>
                <Text c="dimmed">{t(`${copy}.features.${id}.text`, { brand: brand.name })}</Text>
              </Stack>
              <List
                spacing="sm"
                center
                icon={<IconCheck size={18} color="var(--mantine-primary-color-filled)" aria-hidden="true" />}
                style={{ alignSelf: 'center' }}
              >
                {FEATURE_POINTS.map((point) => (
                  <List.Item key={point}>{t(`${copy}.features.${id}.points.${point}`)}</List.Item>
                ))}
              </List>
            </SimpleGrid>
          ))}
        </Stack>
      </Container>
      <GetStarted />
    </>
  );
}
