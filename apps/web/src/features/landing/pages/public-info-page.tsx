import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { brand } from '../../../app/brand';

const HIGHLIGHTS = ['one', 'two', 'three', 'four'] as const;

export type PublicPageId = 'functions' | 'price' | 'faq' | 'blog' | 'blogPost' | 'contact';

function usePublicPageId(): PublicPageId | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as { publicPage?: PublicPageId } | undefined;
    if (handle?.publicPage) return handle.publicPage;
  }
  return undefined;
}

/**
 * The public information pages (functions, price, FAQ, blog, contact): a short, true account of
 * the topic for this brand, and the way in.
 */
export default function PublicInfoPage() {
  const { t } = useTranslation('landing');
  const id = usePublicPageId() ?? 'functions';
  const title = t(`pages.${id}.title`);
  useDocumentTitle(`${title} · ${brand.name}`);
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{title}</Title>
      {id === 'functions' ? (
        // The brand's own account of what it does, shared with the landing page.
        <>
          <Text fz="lg">{t(`brands.${brand.id}.heroText`, { brand: brand.name })}</Text>
          <List spacing="sm">
            {HIGHLIGHTS.map((highlight) => (
              <List.Item key={highlight}>{t(`brands.${brand.id}.highlights.${highlight}`)}</List.Item>
            ))}
          </List>
        </>
      ) : (
        <>
          <Text fz="lg">{t(`pages.${id}.lead`, { brand: brand.name })}</Text>
          <Text c="dimmed">{t(`pages.${id}.text`, { brand: brand.name })}</Text>
        </>
      )}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Text fw={600}>{t('cta.title', { brand: brand.name })}</Text>
          <Group gap="sm">
            <Button component={Link} to="/register">
              {t('cta.register')}
            </Button>
            <Button component={Link} to="/login" variant="default">
              {t('cta.login')}
            </Button>
            {id === 'blogPost' ? (
              <Button component={Link} to="/blog" variant="subtle">
                {t('cta.backToBlog')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
