import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLandingBlog } from '../api/list-landing-blog';
import { useLandingFaq } from '../api/list-landing-faq';
import { BlogPostCard } from './blog-post-card';
import { FaqAccordion } from './faq-accordion';
import { LoadError } from './load-error';
import { useLang } from './use-lang';

/** The home page's questions and latest posts, loaded when the reader comes near them (pages/landing-home-page.tsx). */
export function LandingFaq() {
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

export function LatestPosts() {
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
