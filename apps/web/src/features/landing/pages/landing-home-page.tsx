import { Box, Button, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { BrandMark } from '../../../components/brand-logo';

const HIGHLIGHTS = ['one', 'two', 'three', 'four'] as const;

/** `/`: what the product does, in the brand's words, and the way in (spec §2). */
export default function LandingHomePage() {
  const { t } = useTranslation('landing');
  const copy = `brands.${brand.id}`;
  useDocumentTitle(`${brand.name} · ${t(`${copy}.tagline`)}`);
  return (
    <>
      <Box
        component="section"
        py={{ base: 48, sm: 96 }}
        style={{
          background: 'linear-gradient(180deg, var(--mantine-primary-color-light) 0%, transparent 100%)',
        }}
      >
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="lg">
              <Title order={1} fz={{ base: 32, sm: 46 }} lh={1.15}>
                {t(`${copy}.heroTitle`)}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed">
                {t(`${copy}.heroText`, { brand: brand.name })}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/register" size="md">
                  {t('cta.register')}
                </Button>
                <Button component={Link} to="/login" size="md" variant="default">
                  {t('cta.login')}
                </Button>
              </Group>
            </Stack>
            <Group justify="center" visibleFrom="md" aria-hidden="true">
              <BrandMark size={220} />
            </Group>
          </SimpleGrid>
        </Container>
      </Box>
      <Container size="lg" component="section" py={{ base: 40, sm: 64 }} aria-labelledby="landing-highlights">
        <Title order={2} id="landing-highlights" mb="lg">
          {t('highlightsTitle', { brand: brand.name })}
        </Title>
        <List
          spacing="md"
          size="md"
          icon={
            <ThemeIcon size={24} radius="xl" aria-hidden="true">
              <IconCheck size={16} />
            </ThemeIcon>
          }
        >
          {HIGHLIGHTS.map((id) => (
            <List.Item key={id}>{t(`${copy}.highlights.${id}`)}</List.Item>
          ))}
        </List>
      </Container>
    </>
  );
}
