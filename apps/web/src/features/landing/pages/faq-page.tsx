import type { FaqEntry } from '@fairway/shared';
import { Button, CloseButton, Container, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconSelector } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { EmptyState } from '../../../components/empty-state';
import { useHydrated } from '../../../lib/use-hydrated';
import { useOpenOnLoad } from '../../../lib/use-open-on-load';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useFaq } from '../api/list-faq';
import { useFaqCategories } from '../api/list-faq-categories';
import { FaqAccordion } from '../components/faq-accordion';
import { LoadError } from '../components/load-error';
import { PageIntro } from '../components/page-intro';
import { useLang } from '../components/use-lang';

interface FaqGroup {
  id: string;
  slug: string;
  name: string;
  entries: FaqEntry[];
}

const CategorySelect = lazy(() => import('../components/category-select'));

/** Entries keep the server's order; groups follow the categories' order. */
function groupByCategory(entries: FaqEntry[], order: string[]): FaqGroup[] {
  const groups = new Map<string, FaqGroup>();
  for (const entry of entries) {
    const group = groups.get(entry.category.id) ?? { ...entry.category, entries: [] };
    group.entries.push(entry);
    groups.set(entry.category.id, group);
  }
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...groups.values()].sort((a, b) => rank(a.id) - rank(b.id));
}

/** `/faq`: every published question, by category, with a search (docs/help.md#content). */
export default function FaqPage() {
  const { t } = useTranslation('landing');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const category = params.get('category') ?? '';

  // The search lives in the address too, so a result can be shared and survives a reload.
  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  const title = t('faq.title');
  usePageMeta({ title: `${title} · ${brand.name}`, description: t('faq.lead', { brand: brand.name }) });

  const categories = useFaqCategories(lang);
  const faq = useFaq(lang, debounced);
  const groups = useMemo(() => {
    const all = groupByCategory(
      faq.data ?? [],
      (categories.data ?? []).map((c) => c.id),
    );
    return category ? all.filter((g) => g.slug === category) : all;
  }, [faq.data, categories.data, category]);
  const shown = groups.reduce((n, g) => n + g.entries.length, 0);

  const setCategory = (slug: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (slug) next.set('category', slug);
        else next.delete('category');
        return next;
      },
      { replace: true },
    );

  const hydrated = useHydrated();
  const categoryOpen = useOpenOnLoad();
  const categoryOptions = [
    { value: '', label: t('faq.allCategories') },
    ...(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name })),
  ];
  // What the Select looks like, read-only, until its chunk is in (the prerendered page and hydration);
  // a click, or a key that opens a Select, opens the Select as it arrives.
  const categoryField = (
    <TextInput
      label={t('faq.category')}
      readOnly
      {...categoryOpen.placeholderProps}
      onKeyDown={(event) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) categoryOpen.request();
      }}
      value={categoryOptions.find((o) => o.value === (category ?? ''))?.label ?? ''}
      rightSection={<IconSelector size={16} aria-hidden="true" />}
      rightSectionPointerEvents="none"
      w={{ base: '100%', xs: 240 }}
    />
  );

  return (
    <>
      <PageIntro title={title} lead={t('faq.lead', { brand: brand.name })} />
      <Container size="md" py={{ base: 24, sm: 40 }}>
        <Stack gap="xl">
          <Group align="flex-end" gap="md" role="search">
            <TextInput
              label={t('faq.search')}
              placeholder={t('faq.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1, minWidth: 220 }}
              rightSection={search ? <CloseButton aria-label={t('faq.clear')} onClick={() => setSearch('')} size="sm" /> : null}
            />
            {hydrated ? (
              <Suspense fallback={categoryField}>
                <CategorySelect
                  label={t('faq.category')}
                  data={categoryOptions}
                  value={category}
                  onChange={(value) => setCategory(value || null)}
                  allowDeselect={false}
                  w={{ base: '100%', xs: 240 }}
                  defaultDropdownOpened={categoryOpen.requested}
                  // The look-alike had the focus; the Select takes it over.
                  ref={categoryOpen.focusRef}
                />
              </Suspense>
            ) : (
              categoryField
            )}
          </Group>

          <Text aria-live="polite" fz="sm" c="dimmed">
            {faq.isSuccess ? t('faq.count', { count: shown }) : ''}
          </Text>

          {faq.isPending ? (
            <Stack gap="sm" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={56} radius="md" />
              ))}
            </Stack>
          ) : faq.isError ? (
            <LoadError message={t('faq.loadError')} onRetry={() => void faq.refetch()} />
          ) : shown === 0 ? (
            <EmptyState
              title={debounced ? t('faq.noMatch', { search: debounced }) : t('faq.empty')}
              action={
                debounced ? (
                  <Button variant="default" onClick={() => setSearch('')}>
                    {t('faq.clear')}
                  </Button>
                ) : null
              }
            />
          ) : (
            groups.map((group) => (
              <section key={group.id} aria-labelledby={`faq-${group.slug}`}>
                <Title order={2} id={`faq-${group.slug}`} fz="h3" mb="md">
                  {group.name}
                </Title>
                <FaqAccordion entries={group.entries} order={3} />
              </section>
            ))
          )}

          <Group gap="sm">
            <Text fw={600}>{t('faq.stillQuestions')}</Text>
            <Button component={Link} to="/contact-us" variant="light">
              {t('faq.contact')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
