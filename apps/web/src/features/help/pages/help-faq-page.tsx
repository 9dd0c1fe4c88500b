import { Alert, Button, Chip, CloseButton, Group, Loader, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconHeadset, IconMessageQuestion, IconSearch } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useFaq } from '../api/list-faq';
import { useFaqCategories } from '../api/list-faq-categories';
import { FaqList } from '../components/faq-list';

const SUPPORT_PATH = '/dashboard/help/support';
/** Long enough not to ask the server on every keystroke, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /dashboard/help/faq and /dashboard/faq: the FAQ by category, with a search the server answers
 * (debounced) and a category filter. The search and category live in the address (`?q=`,
 * `?category=`) so a link or a reload keeps them. Content follows the UI language.
 */
export default function HelpFaqPage() {
  const { t } = useTranslation(['help', 'shell']);
  useDocumentTitle(`${t('faq.title')} · ${brand.name}`);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const faq = useFaq(debounced);
  const categories = useFaqCategories();
  const resultsId = useId();

  const setParam = (name: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const entries = useMemo(() => (faq.data ?? []).filter((e) => !category || e.category.slug === category), [faq.data, category]);
  const searching = search.trim() !== debounced || (faq.isFetching && faq.isPlaceholderData);

  let body: React.ReactNode;
  if (faq.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('faq.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={52} radius="md" />
        ))}
      </Stack>
    );
  } else if (faq.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} title={t('faq.errorTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('faq.errorText')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void faq.refetch()}>
            {t('faq.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (entries.length === 0) {
    const supportLink = (
      <Button component={Link} to={SUPPORT_PATH} leftSection={<IconHeadset size={18} aria-hidden="true" />}>
        {t('faq.contactSupport')}
      </Button>
    );
    body = debounced ? (
      <EmptyState title={t('faq.emptyTitle')} icon={<IconSearch size={30} stroke={1.6} />} action={supportLink}>
        {t('faq.emptyText', { search: debounced })}
      </EmptyState>
    ) : (
      <EmptyState title={t('faq.noEntriesTitle')} icon={<IconMessageQuestion size={30} stroke={1.6} />} action={supportLink}>
        {t('faq.noEntriesText')}
      </EmptyState>
    );
  } else {
    body = <FaqList entries={entries} search={debounced} />;
  }

  return (
    <>
      <PageHeader
        title={t('faq.title')}
        description={t('faq.description')}
        breadcrumbs={[
          { label: t('shell:nav.home'), to: '/dashboard' },
          { label: t('shell:nav.groups.help') },
          { label: t('faq.title') },
        ]}
      />
      <Stack gap="md" mb="lg">
        <TextInput
          label={t('faq.searchLabel')}
          placeholder={t('faq.searchPlaceholder')}
          value={search}
          maxLength={100}
          onChange={(event) => setParam('q', event.currentTarget.value)}
          leftSection={searching ? <Loader size={16} aria-hidden="true" /> : <IconSearch size={16} aria-hidden="true" />}
          rightSection={search ? <CloseButton aria-label={t('faq.clearSearch')} onClick={() => setParam('q', '')} /> : null}
          aria-controls={resultsId}
          type="search"
          maw={560}
        />
        {categories.data && categories.data.length > 1 ? (
          <Chip.Group
            multiple={false}
            value={category || 'all'}
            onChange={(value) => setParam('category', value === 'all' ? '' : value)}
          >
            <Group gap="xs" role="group" aria-label={t('faq.categoriesLabel')}>
              <Chip value="all" variant="outline">
                {t('faq.allCategories')}
              </Chip>
              {categories.data.map((c) => (
                <Chip key={c.id} value={c.slug} variant="outline">
                  {c.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
        {/* Read out when the answers change, so a screen-reader user hears the search worked. */}
        <Text size="sm" c="dimmed" aria-live="polite" role="status">
          {searching
            ? t('faq.searching')
            : debounced && !faq.isError && entries.length > 0
              ? t('faq.resultCount', { count: entries.length, search: debounced })
              : ''}
        </Text>
      </Stack>
      <div id={resultsId}>{body}</div>
    </>
  );
}
