import type { BlogPostSummary } from '@fairway/shared';
import { Anchor, Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPublished } from './blog-dates';
import { useLang } from './use-lang';

export const blogPostPath = (post: { id: string; slug: string }) => `/blog-details/${post.id}/${post.slug}`;

/** A post in a list: cover, category, title (the link), excerpt, date and reading time. */
export function BlogPostCard({ post, order = 3 }: { post: BlogPostSummary; order?: 2 | 3 }) {
  const { t } = useTranslation('landing');
  const lang = useLang();
  return (
    <Card component="article" withBorder radius="md" padding="lg" data-testid="blog-card">
      {post.cover ? (
        <Card.Section mb="md">
          {/* Width and height reserve the space before the picture arrives, so nothing shifts. */}
          <Image
            src={post.cover.src}
            width={post.cover.width}
            height={post.cover.height}
            alt=""
            loading="lazy"
            decoding="async"
            style={{ aspectRatio: `${post.cover.width} / ${post.cover.height}`, height: 'auto' }}
          />
        </Card.Section>
      ) : null}
      <Stack gap="xs" style={{ flex: 1 }}>
        <Badge variant="light" w="fit-content">
          {post.category.name}
        </Badge>
        <Title order={order} fz="h4">
          <Anchor component={Link} to={blogPostPath(post)} c="inherit" underline="hover">
            {post.title}
          </Anchor>
        </Title>
        <Text c="dimmed" fz="sm" style={{ flex: 1 }}>
          {post.description}
        </Text>
        <Group gap="xs" fz="xs" c="dimmed">
          <Text component="time" dateTime={post.publishedAt} fz="xs" c="dimmed">
            {formatPublished(post.publishedAt, lang)}
          </Text>
          <Text fz="xs" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Text fz="xs" c="dimmed">
            {t('blog.readingTime', { count: post.readingMinutes })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
