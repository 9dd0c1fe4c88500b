import { Button, Group, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountingArticleSearch } from '../api/list-accounting-articles';
import type { ArticleMappingChoice, MissingArticle } from '../api/sync-types';
import { useGitFormat } from '../lib/format';

/** What the user chose for one GIT article: an existing accounting article, or create it from GIT's. */
export type MappingDraft = { mode: 'existing'; articleNumber: string | null } | { mode: 'create' };

/** The choices ready for PUT git/article-mappings; null while some article has no choice yet. */
export function toMappings(
  articles: readonly MissingArticle[],
  drafts: Record<string, MappingDraft>,
): ArticleMappingChoice[] | null {
  const mappings: ArticleMappingChoice[] = [];
  for (const article of articles) {
    const draft = drafts[article.code] ?? { mode: 'create' };
    if (draft.mode === 'create') mappings.push({ gitArticleCode: article.code, create: true });
    else if (draft.articleNumber) mappings.push({ gitArticleCode: article.code, articleNumber: draft.articleNumber });
    else return null;
  }
  return mappings;
}

interface ArticlePickerProps {
  article: MissingArticle;
  value: string | null;
  onChange: (articleNumber: string | null) => void;
  error?: string;
}

/** A searchable select over the accounting program's articles; the server searches as the user types. */
function ArticlePicker({ article, value, onChange, error }: ArticlePickerProps) {
  const { t } = useTranslation('git');
  const [search, setSearch] = useState('');
  const [label, setLabel] = useState<string | null>(null);
  const found = useAccountingArticleSearch(search === label ? '' : search, true);
  const options = (found.data ?? []).map((a) => ({ value: a.number, label: `${a.number} · ${a.description}` }));
  if (value && label && !options.some((o) => o.value === value)) options.unshift({ value, label });
  return (
    <Select
      aria-label={t('sync.articles.pick', { name: article.name })}
      placeholder={t('sync.articles.searchPlaceholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={value}
      onChange={(next, option) => {
        setLabel(option?.label ?? null);
        onChange(next);
      }}
      // The server has searched already; the select must not filter its answer again.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? t('loading') : t('sync.articles.noneFound')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      w="100%"
    />
  );
}

export interface ArticleMappingStepProps {
  articles: readonly MissingArticle[];
  drafts: Record<string, MappingDraft>;
  onDraftsChange: (drafts: Record<string, MappingDraft>) => void;
  /** Field errors from the server, by GIT article code. */
  errors: Record<string, string>;
}

/**
 * The GIT articles the accounting program has no article for: each is mapped to an existing
 * accounting article (searched on the server) or created in the accounting program from GIT's
 * name, price, VAT and account.
 */
export function ArticleMappingStep({ articles, drafts, onDraftsChange, errors }: ArticleMappingStepProps) {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const set = (code: string, draft: MappingDraft) => onDraftsChange({ ...drafts, [code]: draft });
  return (
    <Stack gap="sm" data-testid="missing-articles">
      <Text fz="sm">{t('sync.articles.intro', { count: articles.length })}</Text>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onDraftsChange(Object.fromEntries(articles.map((a) => [a.code, { mode: 'create' } as MappingDraft])))}
        >
          {t('sync.articles.createAll')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label={t('sync.articles.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sync.articles.gitArticle')}</Table.Th>
              <Table.Th>{t('sync.articles.choice')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {articles.map((article) => {
              const draft = drafts[article.code] ?? { mode: 'create' };
              return (
                <Table.Tr key={article.code}>
                  <Table.Td style={{ verticalAlign: 'top', width: '40%' }}>
                    <Text fz="sm" fw={600}>
                      {article.code} · {article.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('sync.articles.details', {
                        price: format.sek(article.amountOre),
                        vat: article.vatRate,
                        account: article.account,
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Radio.Group
                      value={draft.mode}
                      onChange={(mode) =>
                        set(article.code, mode === 'create' ? { mode: 'create' } : { mode: 'existing', articleNumber: null })
                      }
                      aria-label={t('sync.articles.choiceFor', { name: article.name })}
                    >
                      <Group gap="md" mb="xs">
                        <Radio value="create" label={t('sync.articles.create')} />
                        <Radio value="existing" label={t('sync.articles.existing')} />
                      </Group>
                    </Radio.Group>
                    {draft.mode === 'existing' ? (
                      <ArticlePicker
                        article={article}
                        value={draft.articleNumber}
                        onChange={(articleNumber) => set(article.code, { mode: 'existing', articleNumber })}
                        error={errors[article.code]}
                      />
                    ) : errors[article.code] ? (
                      <Text fz="xs" c="red">
                        {errors[article.code]}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
