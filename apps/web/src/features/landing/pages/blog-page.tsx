import { Center, Chip, Container, Group, Pagination, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { EmptyState } from '../../../components/empty-state';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useBlogCategories } from '../api/list-blog-categories';
import { useBlogPosts } from '../api/list-blog-posts';
import { BlogPostCard } from '../components/blog-post-card';
import { LoadError } from '../components/load-error';
import { PageIntro } from '../components/page-intro';
import { useLang } from '../components/use-lang';

const PAGE_SIZE = 9;

/** `/blog`: published posts, newest first, by category and a page at a time (docs/help.md#content). */
export default function BlogPage() {
  const { t } = useTranslation('landing');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const title = t('blog.title');
  usePageMeta({ title: `${title} · ${brand.name}`, description: t('blog.lead', { brand: brand.name }) });

  const categories = useBlogCategories(lang);
  const posts = useBlogPosts(lang, { page, pageSize: PAGE_SIZE, category: category || undefined });
  const total = posts.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const go = (next: { category?: string; page?: number }) => {
    const search = new URLSearchParams();
    const c = next.category ?? category;
    if (c) search.set('category', c);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageIntro title={title} lead={t('blog.lead', { brand: brand.name })} />
      <Container size="lg" py={{ base: 24, sm: 40 }}>
        <Stack gap="xl">
          {categories.data && categories.data.length > 0 ? (
            <Chip.Group multiple={false} value={category} onChange={(value) => go({ category: value, page: 1 })}>
              <Group gap="xs" role="group" aria-label={t('blog.category')}>
                <Chip value="" variant="outline">
                  {t('blog.allCategories')}
                </Chip>
                {categories.data.map((c) => (
                  <Chip key={c.id} value={c.slug} variant="outline">
                    {`${c.name} (${c.postCount})`}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          ) : null}

          {posts.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={280} radius="md" />
              ))}
            </SimpleGrid>
          ) : posts.isError ? (
            <LoadError message={t('blog.loadError')} onRetry={() => void posts.refetch()} />
          ) : posts.data.data.length === 0 ? (
            <EmptyState title={category ? t('blog.emptyCategory') : t('blog.empty')} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" style={{ opacity: posts.isPlaceholderData ? 0.6 : 1 }}>
              {posts.data.data.map((post) => (
                <BlogPostCard key={post.id} post={post} order={2} />
              ))}
            </SimpleGrid>
          )}

          {pages > 1 ? (
            <Center component="nav" aria-label={t('blog.pagination')}>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => go({ page: next })}
                getItemProps={(n) => ({
                  'aria-label': t('blog.page', { page: n }),
                  'aria-current': n === page ? 'page' : undefined,
                })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('blog.previous') }
                    : control === 'next'
                      ? { 'aria-label': t('blog.next') }
                      : {}
                }
              />
            </Center>
          ) : null}
        </Stack>
      </Container>
    </>
  );
}
