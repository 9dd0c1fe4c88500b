import type { GitArticleRow } from '@fairway/shared';
import { Text } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ListParamsConfig, useListParams } from '../../../components/list/use-list-params';
import { useGitArticles } from '../api/list-git-articles';
import { useGitFormat } from '../lib/format';
import { GitList } from './git-list';

const LIST: ListParamsConfig<never, Record<never, never>> = { sorts: [], filters: {} };

/** GIT's articles (fees): code, name, price, VAT and account. */
export function GitArticlesTab() {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const params = useListParams(LIST);
  const { page, pageSize, search } = params.query;
  const query = useGitArticles({ page, pageSize, search });
  return (
    <GitList<GitArticleRow>
      params={params}
      query={query}
      searchLabel={t('articles.search')}
      emptyTitle={t('articles.emptyTitle')}
      emptyText={t('articles.emptyText')}
      emptyIcon={IconBox}
      label={t('articles.table')}
      columns={[
        { accessor: 'code', title: t('articles.columns.code'), noWrap: true },
        { accessor: 'name', title: t('articles.columns.name') },
        {
          accessor: 'amountOre',
          title: t('articles.columns.price'),
          textAlign: 'right',
          noWrap: true,
          render: (a) => format.sek(a.amountOre),
        },
        { accessor: 'vatRate', title: t('articles.columns.vat'), textAlign: 'right', render: (a) => `${a.vatRate} %` },
        { accessor: 'account', title: t('articles.columns.account'), visibleMediaQuery: '(min-width: 48em)' },
        {
          accessor: 'memberCategoryCode',
          title: t('articles.columns.category'),
          visibleMediaQuery: '(min-width: 62em)',
          render: (a) =>
            a.memberCategoryCode ?? (
              <Text span c="dimmed" fz="sm">
                –
              </Text>
            ),
        },
      ]}
    />
  );
}
