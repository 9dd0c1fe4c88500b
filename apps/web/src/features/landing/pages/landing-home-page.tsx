import { Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { BrandMark } from '../../../components/brand-logo';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useLandingBlog } from '../api/list-landing-blog';
import { useLandingFaq } from '../api/list-landing-faq';
import { BlogPostCard } from '../components/blog-post-card';
import { DashboardScreenshots } from '../components/dashboard-screenshots';
import { FaqAccordion } from '../components/faq-accordion';
import { FeatureIcon } from '../components/feature-icon';
import { FEATURE_IDS } from '../components/feature-ids';
import { LazyContactForm, LazyNotificationSignupForm } from '../components/lazy-forms';
import { LoadError } from '../components/load-error';
import { PricingCards } from '../components/pricing-cards';
import { useLang } from '../components/use-lang';
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

function LandingFaq() {
  const { t } = useTranslation('landing');
  const faq = useLandingFaq(useLang());
  if (faq.isPending)
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} radius="md" />
        ))}
      </Stack>
    );
  if (faq.isError) return <LoadError message={t('faq.loadError')} onRetry={() => void faq.refetch()} />;
  if (faq.data.length === 0) return <Text c="dimmed">{t('home.faqEmpty')}</Text>;
  return <FaqAccordion entries={faq.data} order={3} />;
}

function LatestPosts() {
  const { t } = useTranslation('landing');
  const posts = useLandingBlog(useLang(), 3);
  if (posts.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (posts.isError) return <LoadError message={t('blog.loadError')} onRetry={() => void posts.refetch()} />;
  if (posts.data.length === 0) return <Text c="dimmed">{t('blog.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {posts.data.map((post) => (
        <BlogPostCard key={post.id} post={post} order={3} />
      ))}
    </SimpleGrid>
  );
}

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
