import { Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { BrandMark } from '../../../components/brand-logo';
import { usePageMeta } from '../../../lib/use-page-meta';
import { DashboardScreenshots } from '../components/dashboard-screenshots';
import { FeatureIcon } from '../components/feature-icon';
import { FEATURE_IDS } from '../components/feature-ids';
import { LazyContactForm, LazyNotificationSignupForm } from '../components/lazy-forms';
import { PricingCards } from '../components/pricing-cards';
import { WhenNear } from '../components/when-near';

function Section({
  id,
  title,
  lead,
  children,
  more,
  tinted = false,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  more?: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      py={{ base: 40, sm: 64 }}
      bg={tinted ? 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))' : undefined}
    >
      <Container size="lg">
        <Title order={2} id={id}>
          {title}
        </Title>
        {lead ? (
          <Text c="dimmed" mt="xs" maw={720}>
            {lead}
          </Text>
        ) : null}
        <Box mt="xl">{children}</Box>
        {more ? <Box mt="lg">{more}</Box> : null}
      </Container>
    </Box>
  );
}

// The questions and the latest posts are far below the fold and render only when the reader
// comes near them (WhenNear, which keeps their space while the chunk loads): their code
// (Accordion, Collapse, the blog card) is a chunk of its own, fetched then, not on the page's
// first load (docs/web-app.md#bundle-budget).
const LandingFaq = lazy(() => import('../components/landing-home-below-fold').then((m) => ({ default: m.LandingFaq })));
const LatestPosts = lazy(() => import('../components/landing-home-below-fold').then((m) => ({ default: m.LatestPosts })));

/**
 * `/`: what the brand does and the way in, then features, prices, questions, contact, the latest
 * posts and pictures of the dashboard (docs/help.md#public-site).
 */
export default function LandingHomePage() {
  const { t } = useTranslation('landing');
  const copy = `brands.${brand.id}`;
  usePageMeta({
    title: t('pages.home.title', { brand: brand.name, tagline: t(`${copy}.tagline`) }),
    description: t(`${copy}.metaDescription`, { brand: brand.name }),
  });
  return (
    <>
      <Box
        component="section"
        aria-labelledby="landing-hero"
        py={{ base: 48, sm: 96 }}
        style={{ background: 'linear-gradient(180deg, var(--mantine-primary-color-light) 0%, transparent 100%)' }}
      >
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="lg">
              <Title order={1} id="landing-hero" fz={{ base: 32, sm: 46 }} lh={1.15}>
                {t(`${copy}.heroTitle`)}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed">
                {t(`${copy}.heroText`, { brand: brand.name })}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/register" size="md">
                  {t('cta.register')}
                </Button>
                <Button component={Link} to="/functions" size="md" variant="default">
                  {t('cta.functions')}
                </Button>
              </Group>
            </Stack>
            <Group justify="center" visibleFrom="md" aria-hidden="true">
              <BrandMark size={220} />
            </Group>
          </SimpleGrid>
        </Container>
      </Box>

      <Section
        id="landing-features"
        title={t('home.featuresTitle', { brand: brand.name })}
        more={
          <Anchor component={Link} to="/functions">
            {t('cta.functions')}
          </Anchor>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl">
          {FEATURE_IDS[brand.id].map((id) => (
            <Stack key={id} gap="xs">
              <FeatureIcon id={id} size={40} />
              <Title order={3} fz="h4">
                {t(`${copy}.features.${id}.title`)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(`${copy}.features.${id}.text`, { brand: brand.name })}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <Section
        id="landing-pricing"
        title={t('home.pricingTitle')}
        lead={t('home.pricingLead')}
        tinted
        more={
          <Anchor component={Link} to="/price">
            {t('home.pricingMore')}
          </Anchor>
        }
      >
        <PricingCards order={3} />
      </Section>

      <Section
        id="landing-screenshots"
        title={t('home.screenshotsTitle')}
        lead={t('home.screenshotsLead', { brand: brand.name })}
      >
        <DashboardScreenshots />
      </Section>

      <Section
        id="landing-faq"
        title={t('home.faqTitle')}
        tinted
        more={
          <Anchor component={Link} to="/faq">
            {t('home.faqMore')}
          </Anchor>
        }
      >
        <WhenNear height={240}>
          <LandingFaq />
        </WhenNear>
      </Section>

      <Section
        id="landing-blog"
        title={t('home.blogTitle')}
        more={
          <Anchor component={Link} to="/blog">
            {t('home.blogMore')}
          </Anchor>
        }
      >
        <WhenNear height={300}>
          <LatestPosts />
        </WhenNear>
      </Section>

      <Section id="landing-contact" title={t('home.contactTitle')} lead={t('home.contactLead')} tinted>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} style={{ gridColumn: 'span 2' }}>
            <LazyContactForm headingOrder={3} />
          </Paper>
          <Paper withBorder radius="md" p="lg" component="aside" aria-labelledby="landing-notify">
            <Stack gap="sm">
              <Title order={3} fz="h4" id="landing-notify">
                {t('home.notifyTitle')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('home.notifyLead')}
              </Text>
              <LazyNotificationSignupForm layout="stacked" />
            </Stack>
          </Paper>
        </SimpleGrid>
      </Section>
    </>
  );
}
