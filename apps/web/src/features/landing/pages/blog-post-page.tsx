import type { BlogPost } from '@fairway/shared';
import { Anchor, Badge, Box, Container, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { useHydrated } from '../../../lib/use-hydrated';
import { usePageMeta } from '../../../lib/use-page-meta';
import { isMissingPost, useBlogPost } from '../api/get-blog-post';
import { BlogBody } from '../components/blog-body';
import { formatPublished } from '../components/blog-dates';
import { blogPostPath } from '../components/blog-post-card';
import { LoadError } from '../components/load-error';
import { useLang } from '../components/use-lang';

// The share links' tooltips bring floating-ui (about 18 KB gzip with Tooltip); they sit below the
// post, so they load after it, in a row of their height (ActionIcon size lg). They are asked for
// once React runs the page: their links need the page's origin, which a post rendered on the
// server (docs/web-app.md#blog-posts-rendered-by-the-server) does not know, and hydration
// must find what the server rendered.
const ShareLinks = lazy(() => import('../components/share-links').then((m) => ({ default: m.ShareLinks })));
const SHARE_LINKS_HEIGHT = 34;

function LazyShareLinks({ post }: { post: BlogPost }) {
  const hydrated = useHydrated();
  const space = <Box h={SHARE_LINKS_HEIGHT} />;
  if (!hydrated) return space;
  return (
    <Suspense fallback={space}>
      <ShareLinks url={`${window.location.origin}${blogPostPath(post)}`} title={post.title} />
    </Suspense>
  );
}

function BackToBlog() {
  const { t } = useTranslation('landing');
  return (
    <Anchor component={Link} to="/blog" fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('blog.back')}
      </Group>
    </Anchor>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  const { t } = useTranslation('landing');
  const lang = useLang();
  return (
    <Box component="article" aria-labelledby="post-title">
      <Stack gap="sm" mb="xl">
        <Badge variant="light" w="fit-content" component={Link} to={`/blog?category=${post.category.slug}`}>
          {post.category.name}
        </Badge>
        <Title order={1} id="post-title" fz={{ base: 30, sm: 40 }} lh={1.2}>
          {post.title}
        </Title>
        <Text fz="lg" c="dimmed">
          {post.description}
        </Text>
        <Group gap="xs">
          <Text fz="sm">{t('blog.by', { author: post.author })}</Text>
          <Text fz="sm" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Text component="time" dateTime={post.publishedAt} fz="sm" c="dimmed">
            {t('blog.published', { date: formatPublished(post.publishedAt, lang) })}
          </Text>
          <Text fz="sm" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Text fz="sm" c="dimmed">
            {t('blog.readingTime', { count: post.readingMinutes })}
          </Text>
        </Group>
      </Stack>
      {post.cover ? (
        <Image
          src={post.cover.src}
          width={post.cover.width}
          height={post.cover.height}
          alt={post.cover.alt}
          radius="md"
          mb="xl"
          style={{ aspectRatio: `${post.cover.width} / ${post.cover.height}`, height: 'auto' }}
        />
      ) : null}
      <BlogBody blocks={post.body} />
      <Box mt="xl" pt="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <LazyShareLinks post={post} />
      </Box>
    </Box>
  );
}

/**
 * `/blog-details/{id}/{slug}`: one post. The id finds it; the slug is for people and search
 * engines, so a wrong or other-language slug is replaced by the right one, and an unknown id is
 * the 404 page.
 */
export default function BlogPostPage() {
  const { t } = useTranslation('landing');
  const lang = useLang();
  const { id = '', slug = '' } = useParams();
  const post = useBlogPost(lang, id);
  const data = post.data;

  usePageMeta(
    data
      ? {
          title: `${data.title} · ${brand.name}`,
          description: data.description,
          type: 'article',
          url: blogPostPath(data),
          image: data.cover?.src,
        }
      : { title: `${t('blog.title')} · ${brand.name}`, description: t('blog.lead', { brand: brand.name }) },
  );

  if (post.isError && isMissingPost(post.error)) return <Navigate to="/error-404" replace />;
  if (data && data.slug !== slug) return <Navigate to={blogPostPath(data)} replace />;

  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <BackToBlog />
        {post.isPending ? (
          // A screen's height while the post is on its way: the footer waits below the fold
          // instead of showing and then being pushed down by the post (a layout shift).
          <Stack gap="md" aria-busy="true" mih="100vh">
            <Skeleton height={40} width="80%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={200} />
          </Stack>
        ) : post.isError ? (
          <>
            <Title order={1}>{t('blog.title')}</Title>
            <LoadError message={t('blog.postLoadError')} onRetry={() => void post.refetch()} />
          </>
        ) : data ? (
          <PostArticle post={data} />
        ) : null}
      </Stack>
    </Container>
  );
}
